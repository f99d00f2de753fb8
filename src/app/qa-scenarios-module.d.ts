// The build-time QA catalogue (scripts/lib/qa-catalogue.ts, Vite plugin in vite.config.ts).
declare module 'virtual:qa-scenarios' {
  const catalogue: import('../api/qa-scenarios').QaCatalogue;
  export default catalogue;
}
