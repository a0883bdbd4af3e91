# StackDays server image (decision 0082). Build: docker build -t stackdays .
# Run: docker run -p 3000:3000 -v stackdays-data:/data -e AUTH_SECRET=... stackdays
# Several processes behind a proxy, with PostgreSQL, MinIO and Mailpit: docker compose up (docker-compose.yml).

# Node 22, the LTS line (Node 20 reached its end of life in April 2026); the code still runs on 20.19+.
ARG NODE_IMAGE=node:22-slim

# 1. Every dependency (the build tools too), then the front end.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Only what the server needs at run time.
FROM ${NODE_IMAGE} AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. The image: no compilers, no npm cache, no sources of the front end, not root.
FROM ${NODE_IMAGE}
# ffmpeg strips location and other metadata from uploaded videos; build with
# --build-arg WITH_FFMPEG=false for a smaller image (the server then says so once at start).
ARG WITH_FFMPEG=true
RUN if [ "$WITH_FFMPEG" = "true" ]; then \
      apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*; \
    fi
ENV NODE_ENV=production \
    LOG_FORMAT=json \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY package.json tsconfig.json ./
COPY src/server ./src/server
COPY src/shared ./src/shared
# The operator's commands: npm run admin -- grant <email>, npm run backup, npm run restore.
COPY scripts/admin.ts scripts/backup.ts scripts/restore.ts ./scripts/
COPY --from=build /app/dist ./dist
# DATA_DIR: the embedded database and local media when DATABASE_URL / S3 are not set. Owner-only.
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness only (no database round trip): /api/ready is for the proxy or orchestrator.
HEALTHCHECK --interval=30s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# One process, the compiled server (decision 0028): node is PID 1 and gets SIGTERM itself. Migrations
# (dist/server/migrations) run at start. The heap limit, as `npm start` sets it: V8 then collects the
# old space at about 1.6 times what is live, not 4 (decision 0112).
CMD ["node", "--max-old-space-size=1024", "dist/server/index.mjs"]
