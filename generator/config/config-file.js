// The config file's name, in plain JavaScript: the build's launcher (cli/build.js) reads it before any TypeScript is
// loaded, to tell whether a command line builds the API alone (cli/build-server-socket.js), and config/options.ts reads
// the options in it.
export const CONFIG_FILE = 'static-api.config.json';
