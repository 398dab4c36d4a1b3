/**
 * Writers for the two containers the demo library uses: an ID3v2.4 tag (title, artists, album,
 * unsynchronised lyrics, front cover) carried in a WAV file's `id3 ` chunk, which music-metadata
 * reads like any tagged file.
 */

const synchsafe = (n: number) => Buffer.from([(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f]);

function frame(id: string, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(id, 'latin1'), synchsafe(data.length), Buffer.from([0, 0]), data]);
}

const UTF8 = Buffer.from([3]);
const text = (id: string, value: string) => frame(id, Buffer.concat([UTF8, Buffer.from(value, 'utf8')]));

export type Id3Fields = {
  title: string;
  /** Several artists are written as ID3v2.4 multiple values (NUL separated). */
  artists: string[];
  album: string;
  track?: number;
  lyrics?: string;
  cover?: { mime: string; data: Buffer };
};

export function id3v24(tag: Id3Fields): Buffer {
  const frames: Buffer[] = [text('TIT2', tag.title), text('TALB', tag.album)];
  if (tag.artists.length) frames.push(text('TPE1', tag.artists.join('\0')));
  if (tag.track) frames.push(text('TRCK', String(tag.track)));
  if (tag.lyrics)
    frames.push(
      frame(
        'USLT',
        Buffer.concat([
          UTF8,
          Buffer.from('zho', 'latin1'),
          Buffer.from([0]),
          Buffer.from(tag.lyrics, 'utf8'),
        ]),
      ),
    );
  if (tag.cover)
    frames.push(
      frame(
        'APIC',
        Buffer.concat([
          UTF8,
          Buffer.from(tag.cover.mime, 'latin1'),
          Buffer.from([0, 3, 0]), // mime terminator, picture type 3 (front cover), empty description
          tag.cover.data,
        ]),
      ),
    );
  const body = Buffer.concat(frames);
  return Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([4, 0, 0]), synchsafe(body.length), body]);
}

/** A mono 16-bit PCM WAV file with an optional ID3 chunk. */
export function wav(samples: Int16Array, sampleRate: number, id3?: Buffer): Buffer {
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(1, 0); // PCM
  fmt.writeUInt16LE(1, 2); // mono
  fmt.writeUInt32LE(sampleRate, 4);
  fmt.writeUInt32LE(sampleRate * 2, 8);
  fmt.writeUInt16LE(2, 12);
  fmt.writeUInt16LE(16, 14);
  const data = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const chunks = [riffChunk('fmt ', fmt), riffChunk('data', data)];
  if (id3) chunks.push(riffChunk('id3 ', id3));
  const body = Buffer.concat(chunks);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length + 4, 4);
  head.write('WAVE', 8, 'latin1');
  return Buffer.concat([head, body]);
}

function riffChunk(id: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(id, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  // RIFF chunks are word aligned: odd sizes get a pad byte that the size does not count.
  return Buffer.concat(data.length % 2 ? [head, data, Buffer.alloc(1)] : [head, data]);
}
