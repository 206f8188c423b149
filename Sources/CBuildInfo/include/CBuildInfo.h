/* Values stamped into the library at build time (see Package.swift and scripts/build). Internal: not exported. */
#ifndef CBUILDINFO_H
#define CBUILDINFO_H

/** Build date as YYYY-MM-DD: NFV_BUILD_DATE when the build set it, else the compiler's date. Static storage. */
const char *cbuildinfo_build_date(void);

/** The vendor's base64 Ed25519 public key (NFV_LICENSE_PUBLIC_KEY), or "" when the build set none. */
const char *cbuildinfo_license_public_key(void);

#endif
