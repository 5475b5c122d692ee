/** The parts of s3rver 3 (a local S3-compatible server, no types of its own) the tests use. */
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>;
  }
  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Starts listening; answers the bound address. */
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
