// The part of qrcode (1.5) the console uses, typed for the browser. tsconfig.app.json maps
// 'qrcode' here because @types/qrcode references Node's types, which would make `process` and
// `Buffer` look available to everything in src/.
export type QRCodeErrorCorrectionLevel =
  'low' | 'medium' | 'quartile' | 'high' | 'L' | 'M' | 'Q' | 'H';

export interface QRCodeOptions {
  errorCorrectionLevel?: QRCodeErrorCorrectionLevel;
}

/** The symbol's modules: 1 for a dark module. */
export interface BitMatrix {
  size: number;
  get(row: number, col: number): number;
}

export interface QRCode {
  modules: BitMatrix;
}

export function create(text: string, options?: QRCodeOptions): QRCode;

declare const qrcode: { create: typeof create };
export default qrcode;
