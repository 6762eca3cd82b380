#pragma once
// Assumption checks shared by the closed forms (AnalyticSolution): each throws an
// AnalyticAssumptionError naming the scene-file path of what breaks the assumption.
#include <string>

#include "analysis/AnalyticSolution.h"
#include "contact/ContactParams.h"
#include "model/World.h"
#include "sim/SimParams.h"

namespace tumble::analytic {

/// JSON path of body i: listed bodies come first, generated ones after them.
std::string bodyPath(std::size_t i, std::size_t listedBodies);

/// No local or viscous damping (the closed forms have none).
void requireNoDamping(const SimParams& p);

/// Exactly n bodies, all spheres.
void requireSpheres(const World& w, std::size_t n, std::size_t listedBodies);

/// Exactly n plane walls.
void requireWalls(const World& w, std::size_t n);

/// Body i does not spin (a spin with friction would load the contact tangentially).
void requireNoSpin(const World& w, std::size_t i, std::size_t listedBodies);

/// v is parallel to the unit vector n (|v x n| <= 1e-12 |v|); what names it in the message.
void requireAlong(const Vec3& v, const Vec3& n, const std::string& path, const std::string& what);

/// The linear contact law between materials a and b, with effective mass mStar (kg) and radius
/// rStar (m), as the neighbour list builds it; refuses Hertz-Mindlin and e = 0 (the closed
/// forms are the linear, underdamped spring-dashpot).
ContactParams linearContact(const World& w, int a, int b, double rStar, double mStar);

} // namespace tumble::analytic
