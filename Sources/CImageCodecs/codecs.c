#include "imagecodecs.h"
int gk_codecs_placeholder(void){return 0;}
