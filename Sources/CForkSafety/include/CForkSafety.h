/* CForkSafety has no interface: ForkSafety.c only registers, when the library is loaded, a fork handler that
 * clears the Swift runtime's cached thread id in a forked child (see that file). */
#ifndef CFORKSAFETY_H
#define CFORKSAFETY_H
#endif
