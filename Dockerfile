# The scaled deployment's image: the same build `npm start` runs, without dev tools.
# The full image has python3, make and g++: argon2's prebuilt binary crashed on load on a
# Debian 12 host, and `npm rebuild argon2` tests it and builds from source when it does.
FROM node:20-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts ./scripts
RUN npm ci --ignore-scripts && npm rebuild argon2
COPY . .
RUN node scripts/build.mjs && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/web/dist ./web/dist
USER node
EXPOSE 3000
CMD ["node", "dist/server/main.js"]
