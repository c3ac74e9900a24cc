/**
 * One request to a test server with the `Host` a browser sends through the proxy to a custom domain
 * (fetch may not set it), no redirect followed: what the custom-domain tests send.
 */
import { request } from 'node:http';

export interface HostAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface HostRequest {
  host: string;
  method?: string;
  cookie?: string;
  origin?: string;
  /** A form's fields, already encoded: sent as application/x-www-form-urlencoded. */
  body?: string;
}

export function requestWithHost(server: { url: string }, path: string, options: HostRequest): Promise<HostAnswer> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: options.method ?? 'GET',
        headers: {
          host: options.host,
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(options.origin ? { origin: options.origin } : {}),
          ...(options.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
