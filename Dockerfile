# syntax=docker/dockerfile:1
# One image for every process of a deployment (docs/operations.md):
#   web server   (default)  node --import tsx backend/infrastructure/bin/start.ts
#   worker                  node --import tsx backend/infrastructure/bin/worker.ts
#   CLI                     node --import tsx backend/infrastructure/bin/cli.ts migrate | projections rebuild all | …
# Built once (`docker build -t skilly .` or `docker compose build`); nothing installs or builds at start.

# --- build: every dependency, the browser's app and the server's prerendering entry ---
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY frontend ./frontend
COPY backend ./backend
RUN npm run build

# --- production dependencies only ---
FROM node:20-bookworm-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# --- runtime: production dependencies, the server's sources, the built frontend; not root ---
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=dependencies --chown=root:root /app/node_modules ./node_modules
COPY --chown=root:root package.json tsconfig.json ./
COPY --chown=root:root backend ./backend
COPY --from=build --chown=root:root /app/frontend/dist ./frontend/dist
COPY --from=build --chown=root:root /app/frontend/dist-server ./frontend/dist-server
# The code is root's and read-only to the app; only the data folder (uploaded files; PGlite when
# no DATABASE_URL is set) is the app's to write.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Ready: the database answers and the read models have caught up (a load balancer's signal too).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM stops gracefully (finishes requests in flight within SHUTDOWN_GRACE_SECONDS).
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "backend/infrastructure/bin/start.ts"]
