# Production image: build with dev dependencies, run with production ones only, as non-root.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-slim
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# npm run worker / orders / seed / simulator run from source (Node 24 strips the types)
COPY --from=build /app/server ./server
COPY --from=build /app/shared ./shared
COPY --from=build /app/locales ./locales
COPY --from=build /app/content ./content
COPY --from=build /app/static ./static
COPY --from=build /app/scripts ./scripts
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# a small young generation and a capped heap keep memory near 250 MB under load; two V8 helper
# threads, not four: on 2 cores four compete with the main thread during full collections
CMD ["node", "--enable-source-maps", "--max-semi-space-size=2", "--max-old-space-size=256", "--v8-pool-size=2", "dist/server/main.js"]
