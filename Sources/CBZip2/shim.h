#include <stdio.h>
#include <bzlib.h>
