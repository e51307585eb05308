/**
 * `facetFilters`: `[a, [b, c]]` means a AND (b OR c); `attr:-value` is NOT; `attr:\-value` is a
 * literal leading dash. Values compare case-insensitively. A filter on an attribute that is not in
 * `attributesForFaceting` matches no record (Algolia answers such a query with zero hits).
 */
import { ParamError } from './errors.ts';
import { LIMITS } from './settings.ts';

export interface Filter {
  attribute: string;
  value: string;
  negated: boolean;
}

/** AND of ORs. */
export type FacetFilters = Filter[][];

export function parseFilter(text: string): Filter {
  const colon = text.indexOf(':');
  if (colon <= 0) throw new ParamError(`Invalid facetFilters entry "${text.slice(0, 100)}": expected "attribute:value"`);
  const attribute = text.slice(0, colon).trim();
  let value = text.slice(colon + 1).trim();
  let negated = false;
  if (value.startsWith('-')) {
    negated = true;
    value = value.slice(1);
  } else if (value.startsWith('\\-')) {
    value = value.slice(1);
  }
  if (!attribute) throw new ParamError(`Invalid facetFilters entry "${text.slice(0, 100)}": empty attribute`);
  return { attribute, value, negated };
}

function fromJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ParamError('Invalid value for "facetFilters" parameter: not valid JSON');
  }
}

/** Accepts the forms clients send: an array (strings or arrays of strings), a JSON string, or one filter. */
export function parseFacetFilters(raw: unknown): FacetFilters {
  if (raw === undefined || raw === null || raw === '') return [];
  let value: unknown = raw;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    value = trimmed.startsWith('[') ? fromJson(trimmed) : [trimmed];
  }
  if (!Array.isArray(value)) throw new ParamError('Invalid value for "facetFilters" parameter: expected an array or a string');
  const groups: FacetFilters = [];
  let count = 0;
  for (const entry of value) {
    const members = typeof entry === 'string' ? [entry] : entry;
    if (!Array.isArray(members)) {
      throw new ParamError('Invalid value for "facetFilters" parameter: entries must be strings or arrays of strings');
    }
    const group: Filter[] = [];
    for (const m of members) {
      if (typeof m !== 'string') {
        throw new ParamError('Invalid value for "facetFilters" parameter: nested arrays may only hold strings');
      }
      group.push(parseFilter(m));
      count += 1;
    }
    if (count > LIMITS.maxFilters) throw new ParamError(`Too many facetFilters (at most ${LIMITS.maxFilters})`);
    // An empty OR group constrains nothing, as with Algolia.
    if (group.length > 0) groups.push(group);
  }
  return groups;
}

/** Membership of one filter value, or null when no record has it. */
export type MemberLookup = (attribute: string, value: string) => Uint8Array | null;

export interface CompiledFilters {
  test(record: number): boolean;
}

export function compileFilters(filters: FacetFilters, lookup: MemberLookup): CompiledFilters | null {
  if (filters.length === 0) return null;
  const groups = filters.map((group) =>
    group.map((f) => ({ member: lookup(f.attribute, f.value.toLowerCase()), negated: f.negated })),
  );
  return {
    test(record: number): boolean {
      for (const group of groups) {
        let ok = false;
        for (const f of group) {
          const has = f.member !== null && f.member[record] === 1;
          if (has !== f.negated) {
            ok = true;
            break;
          }
        }
        if (!ok) return false;
      }
      return true;
    },
  };
}
