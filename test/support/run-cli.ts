import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './shared-data.ts';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

// Vitest exports Vite's own variables (BASE_URL, MODE, NODE_ENV=test…) into process.env; a user's shell has none.
const VITEST_VARIABLES = /^(VITEST.*|BASE_URL|MODE|DEV|PROD|SSR|NODE_ENV|TEST)$/;

export function userEnvironment(): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(([name]) => !VITEST_VARIABLES.test(name));
  // Tests never reach the internet: no usage data from Astro or wrangler, no request metadata download by miniflare.
  return { ...Object.fromEntries(kept), ASTRO_TELEMETRY_DISABLED: '1', WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };
}

/**
 * Runs `npm run build -- …` the way a user does: a separate Node process, from the repo root, started from the
 * JavaScript launcher `npm run build` starts (the TypeScript entry, which loads Node's stripper first, has a test
 * of its own in cli-bundle.test.ts).
 */
export function runBuild(args: string[], cwd: string = REPO_ROOT, env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return runCommand('generator/cli/build.js', args, cwd, env);
}

/** Runs `npm run conformance -- …`. */
export function runConformance(args: string[]): Promise<CliResult> {
  return runCommand('generator/cli/conformance.ts', args, REPO_ROOT);
}

/** Runs `npm run deploy -- …` with extra environment variables (the AWS credentials of an emulator). */
export function runDeploy(args: string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  return runCommand('generator/cli/deploy.ts', args, REPO_ROOT, env);
}

function runCommand(script: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(REPO_ROOT, script), ...args], {
      cwd,
      env: { ...userEnvironment(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
