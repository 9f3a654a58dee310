/** The part of @20minutes/s3rver (no types of its own) that test/s3.ts uses. */
declare module '@20minutes/s3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    allowMismatchedSignatures?: boolean;
    directory: string;
    configureBuckets?: ReadonlyArray<{ name: string; configs: ReadonlyArray<string | Buffer> }>;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    httpServer: Server | undefined;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
