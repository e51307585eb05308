import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { clientKey } from '../src/address.ts';
import { capConnections } from '../src/server.ts';

describe('clientKey', () => {
  it('keeps an IPv4 address, and unwraps one mapped into IPv6', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts an IPv6 address as its /64, however it is written', () => {
    const key = '2001:db8:85a3:42::/64';
    for (const address of [
      '2001:db8:85a3:42::1',
      '2001:0db8:85a3:0042:ffff:ffff:ffff:ffff',
      '2001:DB8:85A3:42:1:2:3:4',
      '2001:db8:85a3:42:abcd::',
      '2001:db8:85a3:42::9%eth0',
    ]) {
      expect(clientKey(address), address).toBe(key);
    }
    // Another /64 is another client.
    expect(clientKey('2001:db8:85a3:43::1')).toBe('2001:db8:85a3:43::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('::')).toBe('0:0:0:0::/64');
    expect(clientKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    // NAT64 with the IPv4 address written in the tail: the prefix is what counts.
    expect(clientKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves anything else as it is (an empty address, a name)', () => {
    expect(clientKey('')).toBe('');
    expect(clientKey('not an address')).toBe('not an address');
  });

  it('gives a closed socket (no address, req.ip undefined) the empty key instead of throwing', () => {
    expect(clientKey(undefined)).toBe('');
  });
});

describe('capConnections', () => {
  function fakeSocket(remoteAddress: string) {
    const socket = Object.assign(new EventEmitter(), { remoteAddress, destroyed: false, destroy: () => {} });
    socket.destroy = () => {
      socket.destroyed = true;
      socket.emit('close');
    };
    return socket;
  }

  it('counts the addresses of one IPv6 /64 as one client, and each IPv4 address on its own', () => {
    const server = new EventEmitter();
    const open = capConnections(server, 2);
    const connect = (address: string) => {
      const socket = fakeSocket(address);
      server.emit('connection', socket);
      return socket;
    };
    const a = connect('2001:db8:1:2::1');
    const b = connect('2001:db8:1:2::ffff');
    const c = connect('2001:db8:1:2:abcd:1:2:3');
    expect([a.destroyed, b.destroyed, c.destroyed]).toEqual([false, false, true]);
    expect(connect('2001:db8:1:3::1').destroyed).toBe(false);
    expect(connect('::ffff:192.0.2.1').destroyed).toBe(false);
    expect(connect('192.0.2.1').destroyed).toBe(false);
    expect(connect('192.0.2.1').destroyed).toBe(true);
    expect(open()).toBe(5);
    a.emit('close');
    expect(open()).toBe(4);
    expect(connect('2001:db8:1:2::2').destroyed).toBe(false);
  });

  it('makes room for a new client when full, at the cost of the client holding the most', () => {
    const server = new EventEmitter();
    const open = capConnections(server, 4, 8);
    const connect = (address: string) => {
      const socket = fakeSocket(address);
      server.emit('connection', socket);
      return socket;
    };
    const first = Array.from({ length: 4 }, () => connect('198.51.100.1'));
    const second = Array.from({ length: 4 }, () => connect('198.51.100.2'));
    expect(connect('192.0.2.10').destroyed).toBe(false);
    expect(first.map((s) => s.destroyed)).toEqual([true, false, false, false]);
    expect(second.some((s) => s.destroyed)).toBe(false);
    expect(connect('192.0.2.11').destroyed).toBe(false);
    expect(second.map((s) => s.destroyed)).toEqual([true, false, false, false]);
    expect(open()).toBe(8);
    // A holder cannot grow by pushing others out, and equals do not push each other out.
    expect(connect('198.51.100.1').destroyed).toBe(true);
    const flat = new EventEmitter();
    const openFlat = capConnections(flat, 4, 2);
    const sockets = ['192.0.2.1', '192.0.2.2', '192.0.2.3'].map((address) => {
      const socket = fakeSocket(address);
      flat.emit('connection', socket);
      return socket;
    });
    expect(sockets.map((s) => s.destroyed)).toEqual([false, false, true]);
    expect(openFlat()).toBe(2);
  });

  it('keeps eight clients at the default per-client cap from locking out a ninth', () => {
    const server = new EventEmitter();
    const open = capConnections(server, 128, 1024);
    const held: ReturnType<typeof fakeSocket>[] = [];
    for (let client = 1; client <= 8; client++) {
      for (let i = 0; i < 128; i++) {
        const socket = fakeSocket(`203.0.113.${client}`);
        server.emit('connection', socket);
        held.push(socket);
      }
    }
    expect(open()).toBe(1024);
    const reader = fakeSocket('192.0.2.1');
    server.emit('connection', reader);
    expect(reader.destroyed).toBe(false);
    expect(held.filter((s) => s.destroyed)).toHaveLength(1);
    expect(open()).toBe(1024);
  });
});
