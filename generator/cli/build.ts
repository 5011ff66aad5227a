// The build command, as the TypeScript entry: it starts the launcher `npm run build` runs (build.js), which
// runs the command from its bundle (cli-bundle.ts).
import './build.js';
