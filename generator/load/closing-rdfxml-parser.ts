import { RdfXmlParser } from 'rdfxml-streaming-parser';

interface ClosableSax {
  close(): unknown;
}

/**
 * rdfxml-streaming-parser never tells its XML parser that the input ended, so a truncated file
 * (unclosed elements, no root) parses "successfully". Closing it at end of stream reports those errors.
 */
export class ClosingRdfXmlParser extends RdfXmlParser {
  override _flush(callback: (error?: Error | null) => void): void {
    const sax = (this as unknown as { saxParser: ClosableSax }).saxParser;
    try {
      sax.close();
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }
}
