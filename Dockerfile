# syntax=docker/dockerfile:1

# One build for every service. The Node services (api, indexer, embedder) share one runtime image and
# differ only in what they run, so their layers are built and stored once; `web` is nginx with the
# built web app. Build one with `docker build --target api .`, or all with `docker compose build`.

# Node 24, the active LTS; package.json's `engines` lists the versions the project runs on.
ARG NODE_IMAGE=node:24-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.29-alpine

# ---- dependencies: every workspace, dev tools included ----
FROM ${NODE_IMAGE} AS deps
# better-sqlite3 compiles from source when no prebuilt binary fits; node-gyp then uses the headers
# that ship with the image instead of downloading them.
RUN apt-get update \
    && apt-get install -y --no-install-recommends python3 make g++ \
    && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local
WORKDIR /app
# Manifests alone first, so this layer is rebuilt only when dependencies change. One line per
# workspace of package.json: npm ci refuses a lock file whose workspaces are missing.
COPY package.json package-lock.json ./
COPY libs/domain/package.json libs/domain/
COPY libs/store/package.json libs/store/
COPY libs/search/package.json libs/search/
COPY libs/queue/package.json libs/queue/
COPY libs/embedding/package.json libs/embedding/
COPY libs/indexing/package.json libs/indexing/
COPY libs/demo-data/package.json libs/demo-data/
COPY libs/metrics/package.json libs/metrics/
COPY api/package.json api/
COPY indexer/package.json indexer/
COPY embedder/package.json embedder/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund

# ---- build: compile the server packages and the web app, then drop the dev dependencies ----
FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund
# The runtime tree: production node_modules, and each workspace's manifest, dist and own node_modules
# (npm nests a dependency there when two workspaces need different versions of it).
RUN mkdir -p /runtime \
    && cp -a package.json node_modules /runtime/ \
    && for workspace in $(node -p "require('./package.json').workspaces.join(' ')"); do \
         mkdir -p "/runtime/$workspace" && cp -a "$workspace/package.json" "/runtime/$workspace/"; \
         for part in dist node_modules; do \
           if [ -e "$workspace/$part" ]; then cp -a "$workspace/$part" "/runtime/$workspace/"; fi; \
         done; \
       done

# ---- runtime shared by the Node services ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data
WORKDIR /app
# Owned by root and read-only to the service; only the data folder is its own.
COPY --from=build /runtime ./
COPY deploy/http-healthcheck.mjs deploy/
RUN mkdir -p /app/data && chown node:node /app/data
USER node

# ---- api: HTTP API, socket.io gateway (and the web app, when run on its own) ----
FROM runtime AS api
ENV PORT=3000
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=5 \
    CMD ["node", "deploy/http-healthcheck.mjs", "http://127.0.0.1:3000/api/health", "store", "search", "queue"]
CMD ["node", "api/dist/main.js"]

# ---- indexer: the index worker of the cluster profile (the admin CLI is in the same image) ----
FROM runtime AS indexer
ENV INDEXER_HEALTH_PORT=3002
EXPOSE 3002
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=5 \
    CMD ["node", "deploy/http-healthcheck.mjs", "http://127.0.0.1:3002/health"]
CMD ["node", "indexer/dist/worker/worker.main.js"]

# ---- embedder: sentence vectors over HTTP; builds once embedder/ has sources ----
FROM runtime AS embedder
ENV PORT=3001
EXPOSE 3001
HEALTHCHECK --interval=10s --timeout=5s --start-period=120s --retries=5 \
    CMD ["node", "deploy/http-healthcheck.mjs", "http://127.0.0.1:3001/health"]
CMD ["node", "embedder/dist/main.js"]

# ---- web: nginx (non-root, port 8080) serving the web app and proxying /api and /socket.io ----
FROM ${NGINX_IMAGE} AS web
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
COPY deploy/nginx-security-headers.conf /etc/nginx/snippets/security-headers.conf
COPY --from=build /app/web/dist /usr/share/nginx/html
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
    CMD wget -q -O /dev/null http://127.0.0.1:8080/healthz || exit 1
