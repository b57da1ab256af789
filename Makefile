# Fieldtag: `make run` starts the product, `make test` checks all of it.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c

# Build outputs outside the clone, so a fresh clone (CI) reuses earlier work.
export CARGO_TARGET_DIR ?= $(HOME)/.cache/fieldtag-target
export npm_config_cache ?= $(HOME)/.cache/fieldtag-npm
export FIELDTAG_PORT ?= 8080
export FIELDTAG_DATA_DIR ?= ./data

BIN := $(CARGO_TARGET_DIR)/release/fieldtag

.PHONY: run dev build web-build test test-rust test-rust-then-e2e-build test-web test-e2e e2e-build bench lint web-deps

## run: build everything and start Fieldtag at http://127.0.0.1:$(FIELDTAG_PORT)
run: build
	$(BIN) serve

## dev: a debug server on :$(FIELDTAG_PORT) serving the API, and Vite with hot reload on :5173
## calling it; Ctrl-C stops both
dev: web-deps
	cargo build -p fieldtag-server
	@trap 'kill 0' EXIT INT TERM; $(CARGO_TARGET_DIR)/debug/fieldtag serve & cd web && npx vite --port 5173 --strictPort

## build: the web app, then the release binary that embeds it
build: web-build
	cargo build --release -p fieldtag-server

## web-build: the PWA into web/dist (typecheck, then Vite), only when a web source is newer
## than the last build: an unchanged web/dist is what lets cargo skip re-linking the server
web-build: web/dist/index.html

WEB_SOURCES := $(shell find web/src web/public -type f) web/index.html web/vite.config.ts web/tsconfig.json \
	web/package.json web/package-lock.json

web/dist/index.html: $(WEB_SOURCES) | web-deps
	cd web && npm run build

TEST_LOGS := $(CARGO_TARGET_DIR)/test-logs

## test: the lints, then every test, Rust on SQLite and PostgreSQL beside the web unit tests (they
## share nothing, and each waits on much else than the cores), then the browser tests, then one total.
## The browser tests' builds follow the Rust tests, which end minutes before the web unit tests
test: lint
	@mkdir -p $(TEST_LOGS); rm -f $(TEST_LOGS)/*.log
	@$(MAKE) --no-print-directory -j2 test-rust-then-e2e-build test-web
	@$(MAKE) --no-print-directory test-e2e
	@scripts/test-summary.sh $(TEST_LOGS)/rust.log $(TEST_LOGS)/web.log $(TEST_LOGS)/e2e.log

test-rust:
	@mkdir -p $(TEST_LOGS)
	@scripts/ensure-poppler.sh
	@url=$$(scripts/test-postgres.sh); \
	echo "PostgreSQL tests use $$url"; \
	moto=$$(scripts/ensure-fake-s3.sh); \
	echo "S3 tests use $$moto"; \
	schemathesis=$$(scripts/ensure-schemathesis.sh); \
	FIELDTAG_TEST_POSTGRES_URL=$$url FIELDTAG_TEST_MOTO=$$moto FIELDTAG_TEST_SCHEMATHESIS=$$schemathesis cargo test --workspace --locked 2>&1 | tee $(TEST_LOGS)/rust.log

test-rust-then-e2e-build:
	@$(MAKE) --no-print-directory test-rust
	@$(MAKE) --no-print-directory e2e-build

## e2e-build: what the browser tests run: the built web app and the debug server
e2e-build: web-build
	cargo build --locked -p fieldtag-server

# `npm install --no-save` installs the lock file's versions; not `npm ci`, which refuses a lock
# without entries for other platforms' optional packages (rollup's), and the registry this
# machine reaches serves only this platform's.
web-deps:
	@if [ ! -f web/node_modules/.package-lock.json ] || [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then \
	  cd web && npm install --no-save --no-audit --no-fund --prefer-offline; fi

test-web: web-deps
	@mkdir -p $(TEST_LOGS)
	cd web && npm test 2>&1 | tee $(TEST_LOGS)/web.log && npm run typecheck

## test-e2e: the built app in Debian's Chromium against the real server (debug build, on SQLite;
## live sync's two instances on one PostgreSQL, FIELDTAG_TEST_POSTGRES_URL; the evidence test reads
## the visit report with pdftotext)
test-e2e: e2e-build
	@mkdir -p $(TEST_LOGS)
	@scripts/ensure-poppler.sh
	@browser=$$(scripts/ensure-chromium.sh); \
	url=$$(scripts/test-postgres.sh); \
	cd web && FIELDTAG_BIN=$(CARGO_TARGET_DIR)/debug/fieldtag FIELDTAG_WEB_DIR=dist FIELDTAG_CHROMIUM=$$browser FIELDTAG_TEST_POSTGRES_URL=$$url \
	  npx vitest run --config vitest.e2e.config.ts 2>&1 | tee $(TEST_LOGS)/e2e.log

## bench: the benchmarks of bench/, figures printed
bench:
	bash bench/build.sh
	bash bench/due.sh
	bash bench/sync.sh
	bash bench/export.sh
	bash bench/import.sh
	bash bench/reports.sh
	bash bench/report-photos.sh
	bash bench/load.sh
	bash bench/events.sh
	bash bench/web.sh
	@url=$$(scripts/test-postgres.sh); \
	FIELDTAG_TEST_POSTGRES_URL=$$url FIELDTAG_SYNC_OPS=50000 FIELDTAG_SYNC_RESTARTS=10 \
	  cargo test --release --locked -p fieldtag-server --test sync_convergence -- --nocapture --test-threads 1 2>&1 | grep -E '^sync_convergence engine|test result'

## lint: Rust formatting and clippy, ESLint's walls of the web app, and docs that name only paths that exist
lint: web-deps
	cargo fmt --all --check
	cargo clippy --workspace --all-targets --locked -- -D warnings
	cd web && npm run lint
	python3 scripts/check-docs.py
