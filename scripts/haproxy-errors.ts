import fs from 'node:fs';
import path from 'node:path';

/**
 * HAProxy's own answers (no instance could take the request, or one failed mid-way) in the
 * server's shape and language, for the console to show: `{ error, error_description }`.
 */
export const HAPROXY_ERRORS: Record<number, [string, string]> = {
  502: ['Bad Gateway', 'El servidor no respondió. Intente de nuevo en unos segundos.'],
  503: ['Service Unavailable', 'El servicio no está disponible en este momento. Nada se modificó: intente de nuevo en unos segundos.'],
  504: ['Gateway Timeout', 'El servidor tardó demasiado en responder. Intente de nuevo en unos segundos.'],
};

/** The files, in `dir`, and the configuration's lines naming them. */
export function writeErrorFiles(dir: string): string {
  return Object.entries(HAPROXY_ERRORS)
    .map(([code, [reason, text]]) => {
      const file = path.join(dir, `error-${code}.http`);
      const body = JSON.stringify({ error: 'unavailable', error_description: text });
      const head = [`HTTP/1.1 ${code} ${reason}`, 'Content-Type: application/json; charset=utf-8', 'Cache-Control: no-store', 'Retry-After: 2', `Content-Length: ${Buffer.byteLength(body)}`, 'Connection: close'];
      fs.writeFileSync(file, `${head.join('\r\n')}\r\n\r\n${body}`);
      return `  errorfile ${code} ${file}`;
    })
    .join('\n');
}
