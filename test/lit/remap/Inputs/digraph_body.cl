// EXEC: kernel=digraph_body global=64 local=32
// EXEC: arg a buf int size=N fill=mix:-9:9
// EXEC: arg o buf int size=N fill=zero
__kernel void digraph_body(__global const int *a, __global int *o)
<%
    int i = get_global_id(0);
    int v = a[i], r;
    if (v > 0) { r = 0; for (int k = 0; k < v; k++) r += k * 3; }
    else r = v * 7 + 1;
    o[i] = r;
%>
