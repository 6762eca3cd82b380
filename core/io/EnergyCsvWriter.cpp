#include "io/EnergyCsvWriter.h"

#include "io/EnergyTerms.h"
#include "io/NumberFormat.h"

namespace tumble {

namespace {

void appendRow(std::string& out, const EnergySample& s, bool terms)
{
    appendNumber(out, s.step);
    for (double v : {s.time, s.kineticTranslational, s.kineticRotational, s.potentialGravity, s.elastic, s.dissipated,
                     s.externalWork, s.total(), s.balanceError}) {
        out += ',';
        appendNumber(out, v);
    }
    if (terms) {
        for (const EnergyTerm& t : kEnergyTerms) {
            out += ',';
            appendNumber(out, s.*t.field);
        }
    }
}

} // namespace

EnergyCsvWriter::EnergyCsvWriter(std::string path, bool terms) : m_file(std::move(path)), m_terms(terms)
{
    m_file.write(header(terms) + '\n');
}

std::string EnergyCsvWriter::header(bool terms)
{
    std::string h = kHeader;
    if (terms)
        for (const EnergyTerm& t : kEnergyTerms)
            h += std::string(",") + t.name;
    return h;
}

void EnergyCsvWriter::write(const EnergySample& sample)
{
    m_line.clear();
    appendRow(m_line, sample, m_terms);
    m_line += '\n';
    m_file.write(m_line);
    ++m_rows;
}

std::string EnergyCsvWriter::formatRow(const EnergySample& sample, bool terms)
{
    std::string row;
    appendRow(row, sample, terms);
    return row;
}

} // namespace tumble
