#include "CMath.h"
#include <math.h>

double docscroll_exp(double x) { return exp(x); }
double docscroll_log(double x) { return log(x); }
double docscroll_pow(double x, double y) { return pow(x, y); }
