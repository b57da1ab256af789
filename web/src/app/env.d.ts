/** The build's version, from package.json and the git commit (vite.config.ts). */
declare const __APP_VERSION__: string;
