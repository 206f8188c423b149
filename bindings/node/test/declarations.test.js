'use strict';
// index.d.ts declares what index.js exports, name by name: the exports, the Session's members, the error classes and
// the pixel formats, read from the declaration text and compared with the loaded package. (types-check.ts, compiled
// by tsc in scripts/test-bindings, checks that the declarations compile and type real use.)
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const nfv = require('..');
const { pixelFormatValue } = require('../lib/pixel-format');

const declarations = fs.readFileSync(path.join(__dirname, '..', 'index.d.ts'), 'utf8');

/** The body of the declared class `name`: the lines between its opening line and the `}` that starts a line. */
function classBody(name) {
  const match = declarations.match(new RegExp(`^export declare class ${name}\\b[^\\n]*\\{\\n([\\s\\S]*?)^\\}`, 'm'));
  assert.ok(match, `index.d.ts declares class ${name}`);
  return match[1].replace(/\/\*\*[\s\S]*?\*\//g, '');
}

/** Member names declared in a class body (methods, properties, accessors), without the constructor. */
function declaredMembers(body) {
  const names = [...body.matchAll(/^ {2}(?:static\s+)?(?:readonly\s+)?(\w+)\??[(<:]/gm)].map((match) => match[1]);
  return new Set(names.filter((name) => name !== 'constructor'));
}

/** The members of the declared interface `name`: {required, optional} sets of keys. */
function interfaceMembers(name) {
  const match = declarations.match(new RegExp(`^export interface ${name} \\{\\n([\\s\\S]*?)^\\}`, 'm'));
  assert.ok(match, `index.d.ts declares interface ${name}`);
  const members = [...match[1].replace(/\/\*\*[\s\S]*?\*\//g, '').matchAll(/^ {2}(\w+)(\??):/gm)];
  return {
    required: new Set(members.filter((member) => member[2] === '').map((member) => member[1])),
    optional: new Set(members.filter((member) => member[2] === '?').map((member) => member[1])),
  };
}

/** `object` has every required member of interface `name` and no member the interface does not declare. */
function assertShape(object, name) {
  const { required, optional } = interfaceMembers(name);
  for (const key of required) assert.ok(key in object, `${name}.${key} is missing from ${JSON.stringify(object)}`);
  for (const key of Object.keys(object)) {
    assert.ok(required.has(key) || optional.has(key), `${name} does not declare ${key}`);
  }
}

test('the declared exports are exactly what index.js exports', () => {
  const declared = [...declarations.matchAll(/^export declare (?:class|function|const) (\w+)/gm)]
    .map((match) => match[1]);
  assert.deepEqual([...declared].sort(), Object.keys(nfv).sort());
});

test('Session: every declared member exists, and every public one is declared', () => {
  const declared = declaredMembers(classBody('Session'));
  const emitterOverloads = ['on', 'once', 'off', 'addListener', 'removeListener'];
  for (const name of emitterOverloads) assert.equal(typeof nfv.Session.prototype[name], 'function', name);
  const own = Object.getOwnPropertyNames(nfv.Session.prototype).filter((name) => name !== 'constructor');
  assert.deepEqual([...declared].filter((name) => !emitterOverloads.includes(name)).sort(), own.sort());
  assert.equal(typeof nfv.Session.prototype[Symbol.asyncIterator], 'function');
  assert.match(classBody('Session'), /\[Symbol\.asyncIterator\]\(\)/);
});

test('errors: each declared class is the runtime subclass with its code and C status', () => {
  const subclasses = [...declarations.matchAll(/^export declare class (\w+) extends NeurofitVitalsError \{\}$/gm)]
    .map((match) => match[1]);
  assert.equal(subclasses.length, 9);
  const statuses = subclasses.map((name) => {
    const ErrorType = nfv[name];
    assert.ok(ErrorType.prototype instanceof nfv.NeurofitVitalsError, name);
    assert.equal(typeof ErrorType.code, 'string', name);
    assert.equal(typeof ErrorType.description, 'string', name);
    const error = new ErrorType('message');
    assert.equal(error.name, name);
    assert.equal(error.code, ErrorType.code);
    assert.deepEqual(Object.keys(error.toJSON()).sort(), ['code', 'message', 'retryable']);
    return ErrorType.status;
  });
  assert.deepEqual(statuses, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
  assert.deepEqual([...declaredMembers(classBody('NeurofitVitalsError'))].sort(),
    ['code', 'description', 'reason', 'retryable', 'status', 'toJSON']);
  const loadError = new nfv.LibraryLoadError('missing');
  assert.equal(loadError.code, 'libraryLoad');
  assert.match(classBody('LibraryLoadError'), /readonly code: 'libraryLoad';/);
});

test('pixel formats: the declared values and names are the ones submitFrame accepts', () => {
  const values = declarations.match(/export declare const PixelFormat: Readonly<\{\s*([^}]*)\}>/)[1];
  const declared = Object.fromEntries([...values.matchAll(/(\w+): (\d+)/g)].map((match) => [match[1], +match[2]]));
  assert.deepEqual(declared, { ...nfv.PixelFormat });
  assert.ok(Object.isFrozen(nfv.PixelFormat));
  const names = [...declarations.match(/export type PixelFormatName = ([^;]*);/)[1].matchAll(/'(\w+)'/g)]
    .map((match) => match[1]);
  for (const name of names) assert.equal(typeof pixelFormatValue(name), 'number', name);
  for (const key of Object.keys(nfv.PixelFormat)) assert.ok(names.includes(key.toLowerCase()), key);
});

test('library calls return objects of their declared interfaces', () => {
  assertShape(nfv.libraryInfo(), 'LibraryInfo');
  assertShape(nfv.licenseStatus(), 'LicenseStatus');
  assertShape(nfv.deviceSupport(), 'DeviceSupport');
  assertShape(nfv.deviceSupport('/dev/null'), 'DeviceSupport');
  assertShape(nfv.cameraAccess(), 'CameraAccess');
  for (const camera of nfv.cameras()) assertShape(camera, 'Camera');
});
