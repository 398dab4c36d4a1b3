# The blog's built server on Node 24 (issue 21). compose.yaml runs two of these behind nginx with
# PostgreSQL and Redis. No image can be pulled on the machine this was written on, so this file and
# compose.yaml hold only the command and settings the cluster test (tests/cluster) runs there:
# tests/unit/deploy.test.ts checks CMD against it.

# Dependencies and the Astro build.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

# Only what the server needs at run time.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev

FROM node:24-bookworm-slim
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY src ./src
COPY content ./content
# DATA_DIR (this process's own files) is a volume; UPLOADS_DIR and MUSIC_DIR are shared between the
# app containers (compose.yaml).
RUN mkdir -p /data /uploads /music && chown node:node /data /uploads /music
USER node
ENV DATA_DIR=/data
VOLUME ["/data"]
EXPOSE 4321
CMD ["node", "src/server/cli/serve.ts"]
