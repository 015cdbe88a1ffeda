// template_kernel.cu -- a __global__ function template (no OpenCL
// counterpart)
//
// Expected: the instantiation template_kernel<int> (from the explicit
// instantiation below) is analysed; by the model it does not pay and the
// file comes out as it went in; forced, it is remapped and written as an
// explicit specialization after the template.
//
// EXEC: kernel=template_kernel<int> global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

template <typename T>
__global__ void template_kernel(const T *in, T *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    T x = in[gid];
    T r;
    if (x > 0) {
        r = x;
        for (int i = 0; i < 10; ++i)
            r = (r * 3 + 1) % 1013;
    } else {
        r = -x * 2;
    }
    out[gid] = r;
}

template __global__ void template_kernel<int>(const int *, int *);
