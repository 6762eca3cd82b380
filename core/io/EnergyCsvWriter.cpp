#include "io/EnergyCsvWriter.h"

#include "energy/EnergyTerms.h"
#include "io/NumberFormat.h"

namespace tumble {

namespace {

// the columns in the header's order: the contract's rows of the table, then (terms) its split
// rows, each in table order
template <class F> void forEachColumn(bool terms, F f)
{
    for (EnergyColumn column : {EnergyColumn::Contract, EnergyColumn::Split})
        if (column == EnergyColumn::Contract || terms)
            for (const EnergyTerm& t : kEnergyTerms)
                if (t.column == column)
                    f(t);
}

void appendRow(std::string& out, const EnergySample& s, bool terms)
{
    appendNumber(out, s.step);
    out += ',';
    appendNumber(out, s.time);
    forEachColumn(terms, [&](const EnergyTerm& t) {
        out += ',';
        appendNumber(out, energyTermValue(s, t.id));
    });
}

} // namespace

EnergyCsvWriter::EnergyCsvWriter(std::string path, bool terms) : m_file(std::move(path)), m_terms(terms)
{
    m_file.write(header(terms) + '\n');
}

std::string EnergyCsvWriter::header(bool terms)
{
    std::string h = "step,time";
    forEachColumn(terms, [&](const EnergyTerm& t) { h += std::string(",") + t.name; });
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
