# Fieldtag in one image: the web app built with Node, embedded in the release binary built
# with Rust, on a small Debian. docs/operations.md "Docker" explains the volume and settings.
#
#   docker build -t fieldtag .
#   docker run -p 8080:8080 -v fieldtag-data:/data fieldtag

# 1. The web app (web/dist).
FROM node:20-bookworm-slim AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
# As the Makefile does: the lock file's versions (npm ci refuses a lock file without the other
# platforms' optional packages).
RUN npm install --no-save --no-audit --no-fund
COPY web/ ./
# The permission table both the app and the server read.
COPY testdata/permissions/ /src/testdata/permissions/
RUN npm run build

# 2. The release binary, which embeds web/dist (rust-embed reads it at compile time).
FROM rust:1.95-bookworm AS server
WORKDIR /src
COPY Cargo.toml Cargo.lock rustfmt.toml ./
COPY crates/ crates/
# The permission table (testdata/permissions/actions.json) is built into the binary.
COPY testdata/ testdata/
# bench is a workspace member: cargo needs its manifest to load the workspace.
COPY bench/ bench/
COPY --from=web /src/web/dist web/dist
RUN cargo build --release --locked -p fieldtag-server \
    && cp target/release/fieldtag /usr/local/bin/fieldtag

# 3. What runs: the binary, CA certificates (SMTP, S3, Stripe over TLS), a user without rights.
FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --home-dir /data --shell /usr/sbin/nologin fieldtag \
    && mkdir -p /data && chown fieldtag:fieldtag /data
COPY --from=server /usr/local/bin/fieldtag /usr/local/bin/fieldtag
USER fieldtag
WORKDIR /data
# Listen on every interface inside the container; the SQLite file and local files live in /data.
ENV FIELDTAG_BIND=0.0.0.0 \
    FIELDTAG_PORT=8080 \
    FIELDTAG_DATA_DIR=/data \
    FIELDTAG_LOG_FORMAT=json
VOLUME ["/data"]
EXPOSE 8080
# SIGTERM (docker stop) lets requests in flight finish.
STOPSIGNAL SIGTERM
ENTRYPOINT ["fieldtag"]
CMD ["serve"]
