/* libsodium, seen from Swift: Ed25519 signatures for offline license keys. */
#include <sodium.h>
