#pragma once

namespace roofscope {

class StepBuilder;

// Mixture-of-experts layers (docs/model.md#mixture-of-experts): `experts` E routed experts of width
// `expert_ffn`, `top_k` k per token, `shared_experts` every token goes through, the first `dense_layers`
// layers dense.

// The expected number of distinct experts a step touches when `tokens` tokens each pick k of E
// experts uniformly: E (1 - (1 - k/E)^tokens). 0 when E is 0.
double expectedDistinctExperts(double experts, double topK, double tokens);

// Appends the kernels of the MoE layers (count layers - dense_layers each): router ([T, hidden] x
// [hidden, E]), expert_gate (gated), expert_up, expert_act (gated), expert_down for T x k
// token-expert pairs reading the weights of E_eff experts, shared_expert_gate/_up/_act/_down for
// every token (width shared_experts x expert_ffn, split over tp like the dense FFN), and with
// ep > 1 alltoall_dispatch and alltoall_combine, each (ep-1)/ep x T x k x hidden x s_a bytes per chip.
void addExpertLayers(StepBuilder& builder);

} // namespace roofscope
