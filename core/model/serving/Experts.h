#pragma once

namespace roofscope {

class StepBuilder;
struct TransformerConfig;

// Mixture-of-experts layers (docs/model.md#mixture-of-experts): `experts` E routed experts of width
// `expert_ffn`, `top_k` k per token, `shared_experts` every token goes through, the first `dense_layers`
// layers dense. Where the experts live, `expert_layout` (docs/model.md#expert-layouts):
//   tp    every expert split over the tp chips like a dense FFN (vLLM's default);
//   ep    experts whole, E / ep on each of ep chips (ep >= tp; past tp the experts span data-parallel
//         replicas, whose tokens travel by all-to-all);
//   both  ep groups of tp / ep chips, each group E / ep experts split over its chips (1 < ep < tp).
// Attention stays tensor-parallel, so every chip of a replica holds all its tokens: within a replica
// no token travels to its experts; the MoE layer ends with one all-reduce over tp (allreduce_ffn, as a
// dense layer does) that joins the chips' partial outputs and the shared experts'. Only experts past the replica (ep >
// tp) get alltoall_dispatch and alltoall_combine: each chip sends its share (T / tp) of the tokens' pairs whose expert
// sits outside its replica, (ep - tp) / ep of them.

// The expected number of distinct experts a step touches when `tokens` tokens each pick k of E
// experts uniformly: E (1 - (1 - k/E)^tokens). 0 when E is 0.
double expectedDistinctExperts(double experts, double topK, double tokens);

// The experts' weights the busiest chip reads in one MoE layer, in experts (a whole expert = 1):
// max(E_eff / ep, 1) experts of its ep group, split over the tp / ep chips sharing each; E_eff over the
// tokens the ep group serves (T, or T x ep / tp past a replica).
double busiestChipExperts(const TransformerConfig& config);
// The chips that hold a share of each expert's weights (tp for the tp layout, tp / ep, 1) times the
// groups: the divisor of the routed experts' weights per chip (max(tp, ep)).
double expertWeightDivisor(const TransformerConfig& config);

// Appends the kernels of the MoE layers (count layers - dense_layers each): router ([T, hidden] x
// [hidden, E] on every tp chip), alltoall_dispatch (ep > tp), expert_gate_up (expert_gate and expert_up
// with fused=false), expert_act (gated), expert_down for T x k token-expert pairs reading the busiest
// chip's expert weights on every chip, alltoall_combine (ep > tp), shared_expert_gate_up/_act/_down for
// every token (width shared_experts x expert_ffn, split over tp like the dense FFN). The layer's
// all-reduce over tp is the step's allreduce_ffn.
void addExpertLayers(StepBuilder& builder);

} // namespace roofscope
