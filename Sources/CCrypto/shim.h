// OpenSSL's libcrypto, for SHA-256 (Debian's libssl-dev).
#include <openssl/evp.h>
