import "server-only";
/**
 * Multicall3's aggregate3 calldata and answer, and each inner call's calldata and result, coded by
 * hand where viem's generic coder costs most: a sync sends thousands of calls, and viem looks up each
 * call's ABI item and hashes its selector again for every call, copies a chunk's call list per call,
 * and decodes every word through its generic decoder. Here each (ABI, function) is prepared once (its
 * selector, and a direct coder for the shapes a sync sends most: no arguments, address and
 * uint/int arguments; results of static types, tuples of them included); anything else goes through
 * viem's encodeAbiParameters / decodeAbiParameters, so every value decodes exactly as viem decodes it.
 */
import {
  BaseError,
  checksumAddress,
  decodeAbiParameters,
  encodeAbiParameters,
  isAddress,
  toFunctionSelector,
  type Abi,
  type AbiFunction,
  type AbiParameter,
  type Hex,
} from "viem";

/** One call's coder: its calldata from its arguments, its value from its return data. */
export interface CallCoder {
  encode(args: readonly unknown[] | undefined): Hex;
  decode(data: Hex): unknown;
}

const coders = new WeakMap<Abi, Map<string, CallCoder>>();

/** The coder of `functionName` in `abi`, prepared once per ABI object. */
export function callCoderOf(abi: Abi, functionName: string): CallCoder {
  let byName = coders.get(abi);
  if (!byName) coders.set(abi, (byName = new Map()));
  let coder = byName.get(functionName);
  if (!coder) byName.set(functionName, (coder = prepareCoder(abi, functionName)));
  return coder;
}

function prepareCoder(abi: Abi, functionName: string): CallCoder {
  const items = abi.filter((i): i is AbiFunction => i.type === "function" && i.name === functionName);
  // Overloads are told apart by their arguments' types, viem's way; none of the sync's ABIs has one.
  if (items.length !== 1) throw new BaseError(`Function "${functionName}" is ${items.length === 0 ? "not in the ABI" : "overloaded in the ABI"}.`);
  const item = items[0]!;
  const selector = toFunctionSelector(item);
  const encodeArg = item.inputs.map(wordEncoderOf);
  const simpleArgs = encodeArg.every((e) => e !== null);
  return {
    encode(args = []) {
      if (args.length !== item.inputs.length) throw new BaseError(`Function "${functionName}" takes ${item.inputs.length} arguments, not ${args.length}.`);
      if (args.length === 0) return selector;
      if (simpleArgs) return `${selector}${args.map((a, i) => encodeArg[i]!(a)).join("")}`;
      return `${selector}${encodeAbiParameters(item.inputs, args).slice(2)}`;
    },
    decode: resultDecoderOf(item.outputs),
  };
}

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const LOWER_OR_UPPER = /^0x([0-9a-f]{40}|[0-9A-F]{40})$/;

/** A static argument's 32-byte word (64 hex digits), or null for a type left to viem. */
function wordEncoderOf(param: AbiParameter): ((value: unknown) => string) | null {
  if (param.type === "address")
    return (value) => {
      // As viem: any address of 40 hex digits, a mixed-case one only with a valid checksum.
      if (typeof value !== "string" || !HEX_ADDRESS.test(value) || (!LOWER_OR_UPPER.test(value) && !isAddress(value)))
        throw new BaseError(`Address "${String(value)}" is invalid.`);
      return value.slice(2).toLowerCase().padStart(64, "0");
    };
  const int = /^(u?)int(\d*)$/.exec(param.type);
  if (!int) return null;
  const bits = int[2] ? Number(int[2]) : 256;
  const signed = int[1] === "";
  const min = signed ? -(1n << BigInt(bits - 1)) : 0n;
  const max = signed ? (1n << BigInt(bits - 1)) - 1n : (1n << BigInt(bits)) - 1n;
  return (value) => {
    const n = typeof value === "bigint" ? value : typeof value === "number" && Number.isSafeInteger(value) ? BigInt(value) : null;
    if (n === null || n < min || n > max) throw new BaseError(`Number "${String(value)}" is not in safe ${param.type} range.`);
    return BigInt.asUintN(256, n).toString(16).padStart(64, "0");
  };
}

/** viem's decodeFunctionResult: one output is returned bare, several as an array, none as undefined. */
function resultDecoderOf(outputs: readonly AbiParameter[]): (data: Hex) => unknown {
  const generic = (data: Hex) => {
    const values = decodeAbiParameters(outputs, data);
    return values.length > 1 ? values : values.length === 1 ? values[0] : undefined;
  };
  const decoders = outputs.map(staticDecoderOf);
  if (outputs.length === 0 || !decoders.every((d) => d !== null)) return generic;
  const words = decoders.reduce((n, d) => n + d!.words, 0);
  // Static results only: less data than their words, or a word viem refuses, is left to viem, which says what was wrong.
  return (data) => {
    if (data.length < 2 + 64 * words) return generic(data);
    const hex = data.slice(2).toLowerCase();
    try {
      let at = 0;
      const values = decoders.map((d) => {
        const value = d!.read(hex, at);
        at += d!.words;
        return value;
      });
      return values.length > 1 ? values : values[0];
    } catch {
      return generic(data);
    }
  };
}

const ZERO_WORD = "0".repeat(64);
const ONE_WORD = `${"0".repeat(63)}1`;

interface StaticDecoder {
  words: number;
  /** The value at word `at` of `hex` (lower case, no 0x); throws where viem would refuse the word. */
  read(hex: string, at: number): unknown;
}

/**
 * A static parameter read straight from its words, as viem's decodeAbiParameters reads it: uint/int
 * (bigint above 48 bits, a safe-integer number up to 48), address (checksummed), bool (0 or 1),
 * bytes1–32, and tuples of these (an object by name when every component has one, else an array);
 * null for a dynamic or other type, left to viem.
 */
function staticDecoderOf(param: AbiParameter): StaticDecoder | null {
  const wordOf = (hex: string, at: number) => hex.slice(64 * at, 64 * at + 64);
  if (param.type === "address") return { words: 1, read: (hex, at) => checksumAddress(`0x${wordOf(hex, at).slice(24)}`) };
  if (param.type === "bool")
    return {
      words: 1,
      read: (hex, at) => {
        const w = wordOf(hex, at);
        if (w !== ZERO_WORD && w !== ONE_WORD) throw new Error("not a bool");
        return w === ONE_WORD;
      },
    };
  const bytes = /^bytes(\d+)$/.exec(param.type);
  if (bytes) return { words: 1, read: (hex, at) => `0x${wordOf(hex, at).slice(0, 2 * Number(bytes[1]))}` };
  const int = /^(u?)int(\d*)$/.exec(param.type);
  if (int) {
    const signed = int[1] === "";
    const asNumber = int[2] !== "" && Number(int[2]) <= 48;
    return {
      words: 1,
      read: (hex, at) => {
        const unsigned = BigInt(`0x${wordOf(hex, at)}`);
        const value = signed ? BigInt.asIntN(256, unsigned) : unsigned;
        if (!asNumber) return value;
        if (!Number.isSafeInteger(Number(value))) throw new Error("not a safe integer");
        return Number(value);
      },
    };
  }
  if (param.type !== "tuple" || !("components" in param)) return null;
  const components = param.components.map(staticDecoderOf);
  if (!components.every((c) => c !== null)) return null;
  const names = param.components.length > 0 && param.components.every((c) => c.name) ? param.components.map((c) => c.name!) : null;
  return {
    words: components.reduce((n, c) => n + c!.words, 0),
    read: (hex, at) => {
      const values = components.map((c) => {
        const value = c!.read(hex, at);
        at += c!.words;
        return value;
      });
      return names ? Object.fromEntries(names.map((name, i) => [name, values[i]])) : values;
    },
  };
}

/** aggregate3((address,bool,bytes)[]): 0x82ad56cb. */
const AGGREGATE3 = "0x82ad56cb";
const word = (n: number) => n.toString(16).padStart(64, "0");

/** Multicall3.aggregate3 calldata for `calls`, each allowed to fail. */
export function encodeAggregate3(calls: readonly { target: Hex; callData: Hex }[]): Hex {
  const heads: string[] = [];
  const tails: string[] = [];
  let offset = 32 * calls.length;
  for (const { target, callData } of calls) {
    heads.push(word(offset));
    const bytes = (callData.length - 2) / 2;
    const padded = Math.ceil(bytes / 32) * 64;
    // (target, allowFailure = true, offset of callData within the tuple = 0x60), callData's length, callData.
    tails.push(target.slice(2).toLowerCase().padStart(64, "0"), ONE_WORD, word(96), word(bytes), callData.slice(2).padEnd(padded, "0"));
    offset += 128 + padded / 2;
  }
  return `${AGGREGATE3}${word(32)}${word(calls.length)}${heads.join("")}${tails.join("")}` as Hex;
}

/**
 * aggregate3's answer, (bool success, bytes returnData)[]: every offset and length is checked to lie
 * within the answer, which is refused otherwise (a node's answer is not trusted to be well formed).
 */
export function decodeAggregate3(data: Hex): { success: boolean; returnData: Hex }[] {
  const hex = data.slice(2);
  const bytes = hex.length / 2;
  const refuse = (why: string): never => {
    throw new BaseError(`Multicall3's answer is malformed: ${why}.`);
  };
  if (!data.startsWith("0x") || hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) refuse("not hex bytes");
  const wordAt = (byte: number) => (byte + 32 <= bytes ? hex.slice(2 * byte, 2 * byte + 64) : refuse(`it ends before byte ${byte + 32}`));
  // Offsets and lengths are read as numbers below 2^48: a larger one cannot lie within any answer.
  const numberAt = (byte: number) => {
    const text = wordAt(byte);
    return text.startsWith(SMALL_NUMBER_PREFIX) ? parseInt(text.slice(52), 16) : refuse(`an offset or length at byte ${byte} is out of range`);
  };
  const array = numberAt(0);
  const length = numberAt(array);
  const start = array + 32;
  if (start + 32 * length > bytes) refuse(`it holds no room for ${length} results`);
  const results: { success: boolean; returnData: Hex }[] = [];
  for (let i = 0; i < length; i++) {
    const tuple = start + numberAt(start + 32 * i);
    const success = wordAt(tuple);
    if (success !== ZERO_WORD && success !== ONE_WORD) refuse(`a success flag is not a bool (0x${success})`);
    const returnAt = tuple + numberAt(tuple + 32);
    const size = numberAt(returnAt);
    if (returnAt + 32 + size > bytes) refuse(`a result of ${size} bytes at byte ${returnAt} runs past its end`);
    results.push({ success: success === ONE_WORD, returnData: `0x${hex.slice(2 * (returnAt + 32), 2 * (returnAt + 32 + size))}` });
  }
  return results;
}

const SMALL_NUMBER_PREFIX = "0".repeat(52);
