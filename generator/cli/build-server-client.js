// The launcher's side of the build server, in plain JavaScript (see cli/build-server.ts for the server's).
import { rmSync } from 'node:fs';
import { connect } from 'node:net';
import { lineReader } from './build-server-socket.js';

/**
 * The request for this process's command line: its folder, environment and terminals.
 * @param {string[]} argv
 * @returns {import('./build-server-socket.js').BuildRequest}
 */
export function launcherRequest(argv) {
  return {
    argv,
    cwd: process.cwd(),
    env: { ...process.env },
    stdoutIsTTY: process.stdout.isTTY === true,
    stderrIsTTY: process.stderr.isTTY === true,
    columns: process.stderr.columns,
  };
}

/**
 * Runs the request on the build server listening at `socket`, writing what it prints to `output`: resolves to the
 * build's exit status, or to undefined when no server answers or it declines the command, and the launcher builds in
 * its own process. A server that stops before the build's end (killed, or out of memory) counts as none: the build
 * that follows finds the update it stopped half-way (see updateInPlace) and builds again in full.
 * @param {string} socket
 * @param {import('./build-server-socket.js').BuildRequest} request
 * @param {{ stdout: { write(text: string): unknown }, stderr: { write(text: string): unknown } }} output
 * @returns {Promise<number | undefined>}
 */
export function runOnServer(socket, request, output = process) {
  return new Promise((resolve) => {
    /** @type {number | undefined} */
    let status;
    // Whether the server began the build (it printed something), and whether the exchange is over.
    let begun = false;
    let done = false;
    const connection = connect(socket);
    const finish = () => {
      done = true;
      connection.destroy();
      resolve(status);
    };
    connection.setEncoding('utf8');
    connection.on('connect', () => connection.write(`${JSON.stringify(request)}\n`));
    connection.on('error', (error) => {
      // A socket left by a server that is gone (killed): removed, so that the build that follows starts another.
      if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ECONNREFUSED') rmSync(socket, { force: true });
      finish();
    });
    connection.on('close', () => {
      if (begun && !done) output.stderr.write('note: the build server stopped before the build ended; building here instead\n');
      finish();
    });
    connection.on(
      'data',
      lineReader((line) => {
        /** @type {import('./build-server-socket.js').ServerMessage} */
        const message = JSON.parse(line);
        if ('out' in message) output.stdout.write(message.out);
        else if ('err' in message) output.stderr.write(message.err);
        else if ('exit' in message) status = message.exit;
        begun = true;
        if ('exit' in message || 'declined' in message) finish();
      }),
    );
  });
}
