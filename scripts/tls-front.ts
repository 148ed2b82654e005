/**
 * A TLS front speaking HTTP/2 to the browser and HTTP/1.1 to the server behind it, as the README's
 * production set-up has one (nginx or Caddy before the Node process): the benchmarks can measure the
 * pages as a founder's phone receives them there, not only straight from Node (HTTP/1.1, where a
 * browser opens six connections to an origin and a page of many files waits for them in turn).
 * The certificate is made at start for 127.0.0.1 only; the browser is told to accept it.
 */
import { generateKeyPairSync } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import {
  createSecureServer,
  type Http2ServerRequest,
  type Http2ServerResponse,
  type ServerHttp2Session,
} from 'node:http2';
import type { AddressInfo } from 'node:net';
import forge from 'node-forge';

export interface TlsFront {
  /** https://127.0.0.1:<port> */
  url: string;
  close: () => Promise<void>;
}

/** Headers of one HTTP/1.1 connection, which HTTP/2 forbids (RFC 9113, 8.2.2). */
const CONNECTION_HEADERS = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade'];

function selfSignedCertificate(): { key: string; cert: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(
    publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  );
  certificate.serialNumber = '01';
  certificate.validity.notBefore = new Date(Date.now() - 60_000);
  certificate.validity.notAfter = new Date(Date.now() + 24 * 3_600_000);
  const name = [{ name: 'commonName', value: '127.0.0.1' }];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.setExtensions([{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }]);
  certificate.sign(forge.pki.privateKeyFromPem(key), forge.md.sha256.create());
  return { key, cert: forge.pki.certificateToPem(certificate) };
}

function withoutConnectionHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !name.startsWith(':') && !CONNECTION_HEADERS.includes(name))
      kept[name] = value;
  }
  return kept;
}

/** Starts the front on a free loopback port, passing every request to `backend` (http://host:port). */
export async function startTlsFront(backend: string): Promise<TlsFront> {
  const target = new URL(backend);
  const forward = (request: Http2ServerRequest, response: Http2ServerResponse) => {
    const headers = withoutConnectionHeaders(request.headers);
    headers.host = request.authority || request.headers.host || target.host;
    // As a proxy says it (the server trusts it with TRUST_PROXY=true).
    headers['x-forwarded-proto'] = 'https';
    headers['x-forwarded-for'] = request.socket.remoteAddress ?? '127.0.0.1';
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, withoutConnectionHeaders(answer.headers));
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  };
  const server = createSecureServer({ ...selfSignedCertificate(), allowHTTP1: true }, forward);
  // An HTTP/2 session stays open after its last stream; closing waits for them.
  const sessions = new Set<ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const session of sessions) session.destroy();
      }),
  };
}
