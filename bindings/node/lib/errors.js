'use strict';
/**
 * Errors: one Error subclass per C status code (nfv_status), each carrying the library's stable `code`, the C
 * `status` number, its English `message` (for logs) and whether retrying can help (`retryable`).
 */

/**
 * An error the library reported. Subclasses map one code each; a code this binding does not know (a newer library)
 * arrives as this base class with that code.
 */
class NeurofitVitalsError extends Error {
  /** The stable code, as in the library's JSON error objects ("notActivated", …). */
  static code = 'unknown';
  /** The C nfv_status value, or null when the code has none. */
  static status = null;

  /**
   * @param {string} message English text for logs; never shown to users as is.
   * @param {{code?: string, retryable?: boolean, reason?: string|null}} [details]
   */
  constructor(message, { code, retryable = false, reason = null } = {}) {
    super(message);
    this.name = new.target.name;
    /** The stable code ("licenseInvalid", …). */
    this.code = code ?? new.target.code;
    /** The C nfv_status number (2 for licenseInvalid, …), or null. */
    this.status = new.target.status;
    /** True when retrying the call that failed can help (a busy camera, say). */
    this.retryable = Boolean(retryable);
    /** Why, when the code has several reasons: for LicenseInvalidError "malformed", "badSignature",
     *  "updatesExpired", "appNotListed" or "noTrustedKey"; else null. */
    this.reason = reason ?? null;
  }

  /** The library's error object: {code, message, retryable} and reason when set. */
  toJSON() {
    const data = { code: this.code, message: this.message, retryable: this.retryable };
    if (this.reason !== null) data.reason = this.reason;
    return data;
  }
}

/** Defines a subclass for one code. */
function errorClass(name, code, status, description) {
  const defined = { [name]: class extends NeurofitVitalsError {} }[name];
  defined.code = code;
  defined.status = status;
  defined.description = description;
  return defined;
}

const NotActivatedError = errorClass('NotActivatedError', 'notActivated', 1,
  'activate() has not succeeded in this process (sources other than the simulator and replays need it).');
const LicenseInvalidError = errorClass('LicenseInvalidError', 'licenseInvalid', 2,
  'The license key was rejected; the message names the check that failed and `reason` says which.');
const CameraPermissionDeniedError = errorClass('CameraPermissionDeniedError', 'cameraPermissionDenied', 3,
  'The process may not open the camera device; the message says what to change (the video group, say).');
const CameraUnavailableError = errorClass('CameraUnavailableError', 'cameraUnavailable', 4,
  'The camera could not be opened (busy, gone) or stopped and could not be restored.');
const UnsupportedDeviceError = errorClass('UnsupportedDeviceError', 'unsupportedDevice', 5,
  'No camera format reaches 20 fps at a width of 640 or more; the message says why.');
const NoHeartRateError = errorClass('NoHeartRateError', 'noHeartRate', 6,
  'The reading was captured but no trustworthy heart rate could be recovered.');
const InternalError = errorClass('InternalError', 'internalError', 7,
  'An unexpected condition: a bug in the library or a failure of the system.');
const InvalidArgumentError = errorClass('InvalidArgumentError', 'invalidArgument', 8,
  'A bad value: wrong type or size, bad JSON or configuration, a closed session.');
const MisuseError = errorClass('MisuseError', 'misuse', 9,
  'A call the session state does not allow: starting twice, choosing a source after start, submitting frames ' +
  'before start, a result from a session stopped before it had one.');

/** libNeurofitVitals or the addon could not be loaded, or their ABI versions differ. */
class LibraryLoadError extends Error {
  constructor(message, options) {
    super(message, options);
    this.name = 'LibraryLoadError';
    this.code = 'libraryLoad';
  }
}

const byCode = new Map([NotActivatedError, LicenseInvalidError, CameraPermissionDeniedError, CameraUnavailableError,
  UnsupportedDeviceError, NoHeartRateError, InternalError, InvalidArgumentError, MisuseError]
  .map((errorType) => [errorType.code, errorType]));

/**
 * The error for a library error object {code, message, retryable, reason}: its subclass, or the base class keeping
 * the code when this binding does not know it.
 */
function errorFromObject(object) {
  const code = String(object?.code ?? 'unknown');
  const ErrorType = byCode.get(code) ?? NeurofitVitalsError;
  return new ErrorType(String(object?.message ?? ''), {
    code, retryable: object?.retryable === true, reason: object?.reason == null ? null : String(object.reason),
  });
}

/** The error for the JSON text of a library error object (what the addon throws). */
function errorFromJson(json) {
  return errorFromObject(JSON.parse(json));
}

module.exports = {
  NeurofitVitalsError, NotActivatedError, LicenseInvalidError, CameraPermissionDeniedError, CameraUnavailableError,
  UnsupportedDeviceError, NoHeartRateError, InternalError, InvalidArgumentError, MisuseError, LibraryLoadError,
  errorFromObject, errorFromJson,
};
