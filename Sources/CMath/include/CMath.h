#ifndef DOCSCROLL_CMATH_H
#define DOCSCROLL_CMATH_H

// The three functions of the C library's maths that ScrollCore's physics use, and
// nothing else of the C library: ScrollCore imports no operating system module.

/// e raised to `x`.
double docscroll_exp(double x);

/// The natural logarithm of `x`.
double docscroll_log(double x);

/// `x` raised to `y`.
double docscroll_pow(double x, double y);

#endif
