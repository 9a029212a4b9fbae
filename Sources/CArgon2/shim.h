// The reference Argon2 library (Debian's libargon2-dev), for hashing passwords with Argon2id.
#include <argon2.h>
