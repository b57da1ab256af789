# Fieldtag: `make run` starts the product, `make test` checks all of it.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c

# Build outputs outside the clone, so a fresh clone (CI) reuses earlier work.
export CARGO_TARGET_DIR ?= $(HOME)/.cache/fieldtag-target
export npm_config_cache ?= $(HOME)/.cache/fieldtag-npm
export FIELDTAG_PORT ?= 8080
export FIELDTAG_DATA_DIR ?= ./data

BIN := $(CARGO_TARGET_DIR)/release/fieldtag
WEB := $(wildcard web/package.json)

.PHONY: run build test test-rust test-web bench lint web-deps

## run: build everything and start Fieldtag at http://127.0.0.1:$(FIELDTAG_PORT)
run: build
	$(BIN) serve

## build: the release binary
build:
	cargo build --release -p fieldtag-server

TEST_LOGS := $(CARGO_TARGET_DIR)/test-logs

## test: every test, Rust on SQLite and PostgreSQL, then the web tests, then one total
test: test-rust test-web
	@scripts/test-summary.sh $(TEST_LOGS)/rust.log $(TEST_LOGS)/web.log

test-rust:
	@mkdir -p $(TEST_LOGS); rm -f $(TEST_LOGS)/*.log
	@url=$$(scripts/test-postgres.sh); \
	echo "PostgreSQL tests use $$url"; \
	FIELDTAG_TEST_POSTGRES_URL=$$url cargo test --workspace --locked 2>&1 | tee $(TEST_LOGS)/rust.log

web-deps:
ifneq ($(WEB),)
	cd web && npm ci --no-audit --no-fund --prefer-offline
endif

test-web: web-deps
ifneq ($(WEB),)
	cd web && npm test 2>&1 | tee $(TEST_LOGS)/web.log && npm run typecheck
endif

## bench: the benchmarks of bench/, figures printed
bench:
	bash bench/due.sh
	bash bench/sync.sh
	@url=$$(scripts/test-postgres.sh); \
	FIELDTAG_TEST_POSTGRES_URL=$$url FIELDTAG_SYNC_OPS=50000 FIELDTAG_SYNC_RESTARTS=10 \
	  cargo test --release --locked -p fieldtag-server --test sync_convergence -- --nocapture --test-threads 1 2>&1 | grep -E '^sync_convergence engine|test result'

## lint: formatting and lints
lint:
	cargo fmt --all --check
	cargo clippy --workspace --all-targets --locked -- -D warnings
