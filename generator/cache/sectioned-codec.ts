// A value serialised by V8 with its large typed arrays kept apart: they are written as they lie (the serialiser
// would copy each into a buffer it grows by doubling, 100 ms and 60 MB of fresh memory for the search memo's
// 31 MB) and read back as views of the file's bytes.
import { DefaultDeserializer, DefaultSerializer } from 'node:v8';

// Node's documented hooks for host objects, which its type declarations leave out.
declare module 'node:v8' {
  interface DefaultSerializer {
    _writeHostObject(object: object): void;
  }
  interface DefaultDeserializer {
    _readHostObject(): object;
  }
}

// Typed arrays from this size on are sections; smaller ones stay inline, as V8's default serialiser writes them.
const SECTION_BYTES = 64 * 1024;
// "SEC1": a file of this format (a value serialised whole starts with V8's version tag, 0xff).
const MAGIC = 0x31434553;
// Sections start at multiples of this, so a view of any element size needs no copy.
const ALIGN = 8;
const INLINE = 0;
const SECTION = 1;

type ViewConstructor = new (buffer: ArrayBufferLike, byteOffset: number, length: number) => ArrayBufferView;
const VIEW_TYPES: readonly [string, ViewConstructor, number][] = [
  ['Int8Array', Int8Array, 1],
  ['Uint8Array', Uint8Array, 1],
  ['Uint8ClampedArray', Uint8ClampedArray, 1],
  ['Int16Array', Int16Array, 2],
  ['Uint16Array', Uint16Array, 2],
  ['Int32Array', Int32Array, 4],
  ['Uint32Array', Uint32Array, 4],
  ['Float32Array', Float32Array, 4],
  ['Float64Array', Float64Array, 8],
  ['BigInt64Array', BigInt64Array, 8],
  ['BigUint64Array', BigUint64Array, 8],
  ['Buffer', Buffer, 1],
];

class SectioningSerializer extends DefaultSerializer {
  readonly sections: ArrayBufferView[] = [];

  override _writeHostObject(object: object): void {
    const type = ArrayBuffer.isView(object) ? VIEW_TYPES.findIndex(([name]) => name === object.constructor.name) : -1;
    if (!ArrayBuffer.isView(object) || type === -1 || object.byteLength < SECTION_BYTES) {
      this.writeUint32(INLINE);
      super._writeHostObject(object);
      return;
    }
    this.writeUint32(SECTION);
    this.writeUint32(type);
    this.writeUint32(this.sections.push(object) - 1);
  }
}

class SectionReadingDeserializer extends DefaultDeserializer {
  readonly #sections: readonly { offset: number; length: number }[];
  readonly #file: Uint8Array;

  constructor(skeleton: Uint8Array, file: Uint8Array, sections: readonly { offset: number; length: number }[]) {
    super(skeleton as Buffer);
    this.#file = file;
    this.#sections = sections;
  }

  override _readHostObject(): object {
    if (this.readUint32() === INLINE) return super._readHostObject();
    const [, View, size] = VIEW_TYPES[this.readUint32()] ?? [];
    const section = this.#sections[this.readUint32()];
    if (View === undefined || size === undefined || section === undefined) throw new Error('a section the file does not hold');
    const offset = this.#file.byteOffset + section.offset;
    // A file read into memory at an odd place (never by readFile) is copied once to read it aligned.
    const bytes = offset % size === 0 ? this.#file : Uint8Array.from(this.#file.subarray(section.offset, section.offset + section.length));
    const start = bytes === this.#file ? offset : bytes.byteOffset;
    return View === Buffer ? Buffer.from(bytes.buffer, start, section.length) : new View(bytes.buffer, start, section.length / size);
  }
}

/** The file's parts, in order: the header, the value without its large typed arrays, then each of those as it lies. */
export function serializeSectioned(value: unknown): Uint8Array[] {
  const serializer = new SectioningSerializer();
  serializer.writeHeader();
  serializer.writeValue(value);
  const skeleton = serializer.releaseBuffer();
  const { sections } = serializer;
  const header = Buffer.alloc(padded(12 + 4 * sections.length));
  header.writeUInt32LE(MAGIC, 0);
  header.writeUInt32LE(skeleton.length, 4);
  header.writeUInt32LE(sections.length, 8);
  sections.forEach((section, at) => header.writeUInt32LE(section.byteLength, 12 + 4 * at));
  const parts: Uint8Array[] = [header, skeleton, padding(skeleton.length)];
  for (const section of sections) parts.push(new Uint8Array(section.buffer, section.byteOffset, section.byteLength), padding(section.byteLength));
  return parts.filter((part) => part.length > 0);
}

/** A file serializeSectioned wrote, read back; undefined when it is not one (it may still be a value serialised whole). */
export function deserializeSectioned(file: Uint8Array): unknown {
  if (file.length < 12) return undefined;
  const view = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (view.readUInt32LE(0) !== MAGIC) return undefined;
  const skeletonLength = view.readUInt32LE(4);
  const count = view.readUInt32LE(8);
  if (12 + 4 * count > file.length) return undefined;
  let offset = padded(12 + 4 * count);
  const skeleton = view.subarray(offset, offset + skeletonLength);
  offset = padded(offset + skeletonLength);
  const sections = Array.from({ length: count }, (_, at) => {
    const length = view.readUInt32LE(12 + 4 * at);
    const section = { offset, length };
    offset = padded(offset + length);
    return section;
  });
  if (skeleton.length !== skeletonLength || sections.some((section) => section.offset + section.length > file.length)) return undefined;
  const deserializer = new SectionReadingDeserializer(skeleton, file, sections);
  deserializer.readHeader();
  return deserializer.readValue();
}

function padded(length: number): number {
  return Math.ceil(length / ALIGN) * ALIGN;
}

function padding(length: number): Uint8Array {
  return new Uint8Array(padded(length) - length);
}
