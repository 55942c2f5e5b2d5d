# syntax=docker/dockerfile:1
# CrewBase production image (issue 21): build in one stage, run as a non-root user in another.
# docker build -t crewbase . && docker run -p 3000:3000 -v crewbase-data:/data crewbase

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
# V8's old space capped (ADR 029): by default it may grow to a quarter of the host's memory before
# collecting in earnest, so a crawl left hundreds of MB of garbage resident on a large host.
ENV NODE_OPTIONS=--max-old-space-size=384 \
    NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    CLIENT_DIST=/app/dist/client
WORKDIR /app
RUN groupadd --system crewbase \
    && useradd --system --gid crewbase --home-dir /app --shell /usr/sbin/nologin crewbase \
    && mkdir -p /data \
    && chown crewbase:crewbase /data
# The code stays owned by root: the app can write its data directory only.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/server ./server
COPY --from=build /app/common ./common
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/tsconfig.json ./
USER crewbase
VOLUME ["/data"]
EXPOSE 3000
STOPSIGNAL SIGTERM
# Ready = the database (and Redis when configured) answer; a stopping instance answers 503.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--import", "tsx", "server/src/main.ts"]
