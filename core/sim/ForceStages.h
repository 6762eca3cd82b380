#pragma once
// ForceStages: the force stages of a step, in the order they add their loads:
//
//   gravity -> contacts -> walls -> bonds -> medium -> damping -> drive
//
// (ForceStage.h says what a stage is.) A step walks the list phase by phase: the body terms in
// the begin pass (gravity), the block terms per contact block (contacts, walls, bonds), the finishing
// terms in the end pass (damping, then the drive that holds fixed and driven bodies), so
// body-term stages come first in the list, finishing ones last. Multi-stage schemes (RK4) walk the same list once per
// stage over every body at once. The walk is resolved at compile time: the fused passes inline every body hook, and a
// stage without a hook of a phase costs nothing there. A deforming cell's medium torque on clumps
// (medium-carried model) is a finishing term before damping, so damping sees the whole load.
#include <array>
#include <cstddef>
#include <string_view>
#include <tuple>

#include "sim/BondStage.h"
#include "sim/ContactStage.h"
#include "sim/DampingStage.h"
#include "sim/DriveStage.h"
#include "sim/ForceStage.h"
#include "sim/GravityStage.h"
#include "sim/MediumStage.h"
#include "sim/WallStage.h"

namespace tumble {

class ForceStages {
    // (defined first: bodyTerms deduces its type from them)
    template <class Views> struct BodyTerms {
        Views views;
        [[gnu::always_inline]] inline void start(std::size_t i) const
        {
            std::apply([&](const auto&... v) { (v.start(i), ...); }, views);
        }
    };
    template <class S> static auto bodyTerm(const S& s, World& w)
    {
        if constexpr (BodyTermStage<S>)
            return std::tuple{s.body(w)};
        else
            return std::tuple{};
    }
    template <class Views> struct FinishingTerms {
        Views views;
        [[gnu::always_inline]] inline void finish(std::size_t i) const
        {
            std::apply([&](const auto&... v) { (v.finish(i), ...); }, views);
        }
    };
    template <class S> static auto finishingTerm(const S& s, World& w)
    {
        if constexpr (FinishingStage<S>)
            return std::tuple{s.finishing(w)};
        else
            return std::tuple{};
    }

public:
    using List = std::tuple<GravityStage, ContactStage, WallStage, BondStage, MediumStage, DampingStage, DriveStage>;
    static constexpr std::size_t kCount = std::tuple_size_v<List>;

    /// The stages' names, in list order.
    static constexpr std::array<std::string_view, kCount> names()
    {
        return std::apply([](const auto&... s) { return std::array<std::string_view, kCount>{s.kName...}; }, List{});
    }

    template <class S> S& get() { return std::get<S>(m_list); }
    template <class S> const S& get() const { return std::get<S>(m_list); }

    /// Calls f(stage) for every stage, in list order.
    template <class F> void forEach(F&& f) const
    {
        std::apply([&](const auto&... s) { (f(s), ...); }, m_list);
    }

    /// The body terms bound to w for one pass: terms.start(i) adds their loads on body i (N,
    /// N m), in list order.
    auto bodyTerms(World& w) const
    {
        auto views = std::apply([&](const auto&... s) { return std::tuple_cat(bodyTerm(s, w)...); }, m_list);
        return BodyTerms<decltype(views)>{views};
    }

    /// The block terms' loads in block b; their sums added in list order.
    ContactSums block(World& w, NeighbourList& list, const StepMotion& motion, bool commit, const ContactBlock& b) const
    {
        ContactSums sums;
        forEach([&](const auto& s) {
            if constexpr (BlockStage<std::decay_t<decltype(s)>>)
                sums.add(s.block(w, list, motion, commit, b));
        });
        return sums;
    }

    /// Whether some finishing term is on this step.
    bool finishing() const
    {
        bool on = false;
        forEach([&](const auto& s) {
            if constexpr (FinishingStage<std::decay_t<decltype(s)>>)
                on = on || s.on();
        });
        return on;
    }

    /// The finishing terms bound to w for one pass: terms.finish(i) adds their loads on body i
    /// (N, N m), in list order. Call when finishing() says some term is on.
    auto finishingTerms(World& w) const
    {
        auto views = std::apply([&](const auto&... s) { return std::tuple_cat(finishingTerm(s, w)...); }, m_list);
        return FinishingTerms<decltype(views)>{views};
    }

private:
    List m_list;
};

// every stage has a hook of some phase (a stage whose hooks went unrecognised would be skipped)
static_assert(std::apply(
    [](const auto&... s) {
        return ((BodyTermStage<std::decay_t<decltype(s)>> || BlockStage<std::decay_t<decltype(s)>> ||
                 FinishingStage<std::decay_t<decltype(s)>>)&&...);
    },
    ForceStages::List{}));

} // namespace tumble
