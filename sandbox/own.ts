/**
 * Plain objects keyed by outside text (option names, query fields, custom-field keys) where the value must
 * stay a JSON object on the wire, so a `Map` does not fit. `object[key]` finds what every object inherits
 * (`constructor`, `toString`, `__proto__` …) for a key the object does not hold, and `object[key] = value`
 * with `__proto__` replaces the object's prototype instead of adding the key (or, on a shared prototype,
 * changes every object in the process). These two read and write the object's own keys only, as
 * `JSON.parse` does.
 */

/** The value of `object`'s own `key`; undefined when the object does not hold that key itself. */
export function ownValue<T>(object: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return object !== undefined && Object.hasOwn(object, key) ? object[key] : undefined;
}

/** Sets `object`'s own `key`, even when the key is `__proto__`. */
export function setOwn<T>(object: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
}
