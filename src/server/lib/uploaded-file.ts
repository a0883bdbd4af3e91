/** One file arriving in a request body: the route hands over the stream and what the client declared. */
export interface UploadedFile {
  body: ReadableStream<Uint8Array> | null;
  /** The Content-Type the client sent; ignored for the type (read from the bytes), kept for logs. */
  declaredType?: string;
  /** The Content-Length the client sent, if any: what the storage quota counts before streaming. */
  declaredBytes?: number;
}
