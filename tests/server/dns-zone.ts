/**
 * A DNS server on loopback for the tests of founders' domains: it answers A, AAAA and TXT questions
 * from a zone the test edits as it goes (a record added, a record removed), so that the server's own
 * resolver (node:dns, DNS_SERVERS) is what asks. A name without records is NXDOMAIN; a name with
 * records of other types only is an empty answer (NODATA); `failing` names answer SERVFAIL.
 */
import { createSocket, type RemoteInfo } from 'node:dgram';
import { isIPv6 } from 'node:net';

type RecordType = 'A' | 'AAAA' | 'TXT';
const TYPE_CODES: Record<RecordType, number> = { A: 1, AAAA: 28, TXT: 16 };

export interface DnsZone {
  /** `127.0.0.1:<port>`, for DNS_SERVERS. */
  server: string;
  set(name: string, type: RecordType, values: string[]): void;
  remove(name: string, type?: RecordType): void;
  /** Names whose questions get SERVFAIL (a DNS host in trouble). */
  failing: Set<string>;
  close(): Promise<void>;
}

function ipv6Bytes(address: string): Buffer {
  const [head = '', tail = ''] = address.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const missing = 8 - groups(head).length - groups(tail).length;
  const all = address.includes('::')
    ? [...groups(head), ...Array<string>(missing).fill('0'), ...groups(tail)]
    : groups(head);
  return Buffer.from(all.flatMap((group) => [parseInt(group, 16) >> 8, parseInt(group, 16) & 0xff]));
}

function rdata(type: RecordType, value: string): Buffer {
  if (type === 'A') return Buffer.from(value.split('.').map(Number));
  if (type === 'AAAA') {
    if (!isIPv6(value)) throw new Error(`Not an IPv6 address: ${value}`);
    return ipv6Bytes(value);
  }
  // A TXT value in strings of at most 255 bytes, as a zone file would split it.
  const bytes = Buffer.from(value, 'utf8');
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length || at === 0; at += 255) {
    const piece = bytes.subarray(at, at + 255);
    parts.push(Buffer.from([piece.length]), piece);
    if (bytes.length === 0) break;
  }
  return Buffer.concat(parts);
}

/** The question's name (lower case) and where the question ends. */
function readQuestion(message: Buffer): { name: string; type: number; end: number } | null {
  let offset = 12;
  const labels: string[] = [];
  while (offset < message.length) {
    const length = message[offset] ?? 0;
    if (length === 0) break;
    labels.push(message.subarray(offset + 1, offset + 1 + length).toString('ascii'));
    offset += 1 + length;
  }
  if (offset + 5 > message.length) return null;
  return { name: labels.join('.').toLowerCase(), type: message.readUInt16BE(offset + 1), end: offset + 5 };
}

export async function startDnsZone(): Promise<DnsZone> {
  const records = new Map<string, Map<RecordType, string[]>>();
  const failing = new Set<string>();
  const socket = createSocket('udp4');

  socket.on('message', (message: Buffer, peer: RemoteInfo) => {
    const question = readQuestion(message);
    if (!question) return;
    const names = records.get(question.name);
    const type = (Object.keys(TYPE_CODES) as RecordType[]).find((code) => TYPE_CODES[code] === question.type);
    const values = type ? (names?.get(type) ?? []) : [];
    const rcode = failing.has(question.name) ? 2 : names ? 0 : 3;
    const header = Buffer.alloc(12);
    header.writeUInt16BE(message.readUInt16BE(0), 0);
    // A response, authoritative, recursion desired (copied) and available, with the answer's code.
    header.writeUInt16BE(0x8400 | (message.readUInt16BE(2) & 0x0100) | 0x0080 | rcode, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(rcode === 0 ? values.length : 0, 6);
    const answers =
      rcode === 0 && type
        ? values.map((value) => {
            const data = rdata(type, value);
            const fixed = Buffer.alloc(12);
            fixed.writeUInt16BE(0xc00c, 0); // the question's name
            fixed.writeUInt16BE(TYPE_CODES[type], 2);
            fixed.writeUInt16BE(1, 4); // IN
            fixed.writeUInt32BE(60, 6);
            fixed.writeUInt16BE(data.length, 10);
            return Buffer.concat([fixed, data]);
          })
        : [];
    socket.send(
      Buffer.concat([header, message.subarray(12, question.end), ...answers]),
      peer.port,
      peer.address,
    );
  });

  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    server: `127.0.0.1:${socket.address().port}`,
    failing,
    set(name, type, values) {
      const key = name.toLowerCase();
      const entry = records.get(key) ?? new Map<RecordType, string[]>();
      entry.set(type, values);
      records.set(key, entry);
    },
    remove(name, type) {
      const key = name.toLowerCase();
      if (!type) return void records.delete(key);
      records.get(key)?.delete(type);
      if (records.get(key)?.size === 0) records.delete(key);
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
