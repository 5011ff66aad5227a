import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { bytesFile, type OutputFile } from '../emit/emit-api.ts';
import { DOCS_FOLDER, OPENAPI_FILE, type Router } from '../route/router.ts';

const ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js'];

let assets: OutputFile[] | undefined;

// What Swagger UI's markup lacks for screen readers, mended as it renders: the server list gets a name, and the link
// in each operation's toggle button (a control inside a control) becomes its text.
const ACCESSIBLE = `new MutationObserver(() => {
  const servers = document.querySelector('#servers:not([aria-label])');
  if (servers) servers.setAttribute('aria-label', 'Server');
  for (const link of document.querySelectorAll('.opblock-summary-control a')) link.replaceWith(...link.childNodes);
}).observe(document.getElementById('swagger-ui'), { childList: true, subtree: true });
`;

// Swagger UI's grey text on grey, darkened to WCAG AA contrast.
const CONTRAST = `.swagger-ui .info .title small { background: #4a5260; }
.swagger-ui .info .title small.version-stamp { background: #2f6b00; }
.swagger-ui .info .url, .swagger-ui .info .base-url { color: #3b4151; }
.swagger-ui a.link, .swagger-ui .info a { color: #1d5fa8; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1d5fa8; }
.swagger-ui .json-schema-2020-12-expand-deep-button { color: #4a5260; }
`;

/** swagger-ui-dist's files, copied so /docs works offline and without a CDN: as bytes (hashed and written so, never decoded). */
function swaggerAssets(): OutputFile[] {
  const folder = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  assets ??= ASSETS.map((name) => bytesFile(`${DOCS_FOLDER}/${name}`, readFileSync(join(folder, name))));
  return assets;
}

/**
 * /docs: Swagger UI reading the site's own openapi.json. Where the hosts would redirect `/docs` to `/docs/`
 * (GitHub Pages), the page is also written where `/docs` answers, with a base URL so its links still resolve.
 */
export function emitDocs(title: string, router: Router): OutputFile[] {
  const escaped = title.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
  const page = (head: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">${head}
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escaped} — API documentation</title>
<link rel="stylesheet" href="swagger-ui.css">
<link rel="stylesheet" href="docs.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="swagger-ui-bundle.js"></script>
<script src="init.js"></script>
</body>
</html>
`;
  // A file rather than an inline script, so a strict Content-Security-Policy can allow it.
  const init = `window.ui = SwaggerUIBundle({ url: new URL('../${OPENAPI_FILE}', document.baseURI).href, dom_id: '#swagger-ui', deepLinking: true, tryItOutEnabled: false });\n${ACCESSIBLE}`;
  const unslashed = router.unslashedFolderFile(DOCS_FOLDER);
  const files = [
    { path: `${DOCS_FOLDER}/index.html`, contents: page('') },
    { path: `${DOCS_FOLDER}/init.js`, contents: init },
    { path: `${DOCS_FOLDER}/docs.css`, contents: CONTRAST },
    ...swaggerAssets(),
  ];
  if (unslashed !== undefined) files.push({ path: unslashed, contents: page(`\n<base href="${router.basePath}/${DOCS_FOLDER}/">`) });
  return files;
}
