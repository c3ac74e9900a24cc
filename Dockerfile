# syntax=docker/dockerfile:1
# The production image (docs/decisions/011-container-image.md): built in one
# stage with every dependency, run from another that holds only the bundled
# server, the built client, the migrations and the production dependencies.
# scripts/image-smoke.ts replays these steps in CI, where no Docker engine runs.

FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# No install script runs: every native part ships prebuilt in its npm package (DESIGN.md).
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build
RUN npm prune --omit=dev --ignore-scripts --no-audit --no-fund

FROM node:24-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data LOG_FORMAT=json
WORKDIR /app
# ffmpeg and ffprobe make the videos' HLS renditions and the audio's web format (server/media/processing).
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ffmpeg \
  && rm -rf /var/lib/apt/lists/*
# Owned by root and read-only to the app's user: the server cannot rewrite its own code.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Plain node (the slim image has no curl); /healthz is 503 while Postgres is unreachable.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server applies pending migrations itself before it listens (an advisory lock keeps replicas from racing).
# V8 flags that bound its memory (docs/decisions/076-server-memory.md): a small young generation and
# an old one grown in 30% steps (peak under load 424 -> ~215 MB), and PGlite's WASM by the baseline
# compiler only. NODE_OPTIONS refuses the last two; scripts/server-node-flags.mjs holds the same list,
# under which `npm start` and `node scripts/start.mjs` put themselves (decision 127).
CMD ["node", "--max-semi-space-size=8", "--heap-growing-percent=30", "--liftoff-only", "dist/server/main.js"]
