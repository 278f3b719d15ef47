/**
 * Skills in the contexts postings write them (issue 11 item 9: pinned where mutation
 * testing found the rules unchecked). Go and R are English words and letters; they count
 * only where the text plainly names the language.
 */
import { describe, expect, it } from 'vitest';
import { extractSkills } from '../../../src/ingest/normalize/skills.ts';

const skills = (text: string, title = 'Engineer') => extractSkills(title, text);

describe('Go', () => {
  it.each([
    ['Experience with Go and Python.', ['Go', 'Python']],
    ['Languages like Go.', ['Go']],
    ['e.g. Go or Rust', ['Go', 'Rust']],
    ['including Go', ['Go']],
    ['such as Go', ['Go']],
    ['writing services in Go', ['Go']],
    ['write Go', ['Go']],
    ['languages (Go)', ['Go']],
    ['Python/Go', ['Python', 'Go']],
    ['Go/Python', ['Go', 'Python']],
    ['Go, Rust', ['Go', 'Rust']],
    ['(Go) required', ['Go']],
    ['Go and Rust', ['Go', 'Rust']],
    ['Go or Python', ['Go', 'Python']],
    ['Go developers wanted', ['Go']],
    ['Go engineers', ['Go']],
    ['Go programming', ['Go']],
    ['Go language', ['Go']],
    ['Go services', ['Go']],
    ['Go microservices', ['Go', 'Microservices']],
    ['Go backend', ['Go']],
    ['Go code', ['Go']],
    ['Go codebase', ['Go']],
    ['Go modules', ['Go']],
    // A sentence opening with the preposition (issue 11: "Using Go" gave nothing).
    ['Using Go, build the ingestion services.', ['Go']],
    ['In Go we write the scheduler.', ['Go']],
    ['With Go and Kubernetes.', ['Go', 'Kubernetes']],
    ['Writing Go daily.', ['Go']],
    ['Including Go.', ['Go']],
    // Alone as a list item.
    ['Languages:\n• Go\n• Rust', ['Go', 'Rust']],
    ['Stack:\n- Go\n- PostgreSQL', ['Go', 'PostgreSQL']],
    ['* Go', ['Go']],
    ['We are hiring:\n• Go [server-side].\n• Vue/TypeScript [client].', ['Go', 'Vue.js', 'TypeScript']],
  ])('%j names the language', (text, expected) => {
    expect(skills(text)).toEqual(expected);
  });

  it.each([
    ['Ready to Go to market'],
    ['in Go to market'],
    ['with Go live dates'],
    ['and Go ahead'],
    ['or Go back'],
    ['and Go beyond'],
    ['and Go further'],
    ['and Go deep'],
    ['and Go above'],
    ['Go and make it happen'],
    ['in Go-lang'],
    ['in Gopher'],
    ['Google Go'],
    ['Go, team!'],
    ['Go with us'],
    ['Using Go to market playbooks'],
    ['In Go live week you will'],
    ['With Go-live support'],
    ['• Go to market with us'],
    ['• Go\u00A0big'],
    ['Go'],
    ['Ready? Go\nApply now'],
    ['• Go above and beyond (always)'],
  ])('%j is the English verb, not the language', (text) => {
    expect(skills(text)).toEqual([]);
  });
});

describe('R', () => {
  it.each([
    ['R and Python', ['R', 'Python']],
    ['R or SQL', ['R', 'SQL']],
    ['R and SAS', ['R', 'SAS']],
    ['R and Stata', ['R', 'Stata']],
    ['R or MATLAB', ['R', 'MATLAB']],
    ['R and Julia', ['R', 'Julia']],
    ['R programming', ['R']],
    ['R language', ['R']],
    ['R studio', ['R']],
    ['R shiny', ['R']],
    ['R/Python', ['R', 'Python']],
    ['(R)', ['R']],
    ['Python, R', ['Python', 'R']],
    ['SQL/R', ['SQL', 'R']],
    ['SAS or R', ['SAS', 'R']],
    ['Stata and R', ['Stata', 'R']],
    ['MATLAB R', ['MATLAB', 'R']],
    ['in R', ['R']],
    ['using R', ['R']],
    ['with R', ['R']],
    ['like R', ['R']],
  ])('%j names the language', (text, expected) => {
    expect(skills(text)).toEqual(expected);
  });

  it.each([
    ['R&D'],
    ["R's"],
    ['R’s'],
    ['R+ tools'],
    ['R# code'],
    ['R-squared'],
    ['R and Bob'],
    ['R.'],
    ['Plan R'],
  ])('%j is no language', (text) => {
    expect(skills(text)).toEqual([]);
  });
});

describe('capitalized English words (Swift, Spark, Excel)', () => {
  it.each([
    ['Swift, Kotlin', ['Swift', 'Kotlin']],
    ['Swift and Kotlin.', ['Swift', 'Kotlin']],
    ['Swift or Kotlin', ['Swift', 'Kotlin']],
    ['Swift & Kotlin', ['Swift', 'Kotlin']],
    ['Swift/Kotlin', ['Swift', 'Kotlin']],
    ['Swift (iOS)', ['Swift', 'iOS']],
    ['We use Swift', ['Swift']],
    ['We use Swift daily for the iOS app.', ['Swift', 'iOS']],
    ['Strong Excel', ['Excel']],
    // Only Excel is also a verb before "at" / "in".
    ['We run React in production', ['React']],
    // The whole line or list item (issue 11: "• Swift" gave nothing).
    ['Languages:\n• Swift\n• Kotlin', ['Swift', 'Kotlin']],
    ['• Swift', ['Swift']],
    ['- Spark\r\n- Hadoop', ['Apache Spark', 'Hadoop']],
    ['Mobile: Swift', ['Swift']],
    ['We use:\n\n- Golang\n\n- Typescript\n\n- React\n\n- Redux', ['Go', 'TypeScript', 'React', 'Redux']],
    ['Offline compute:\n   - Airflow\n   - Spark\n   - BigQuery', ['Airflow', 'Apache Spark', 'BigQuery']],
  ])('%j: a list or the middle of a sentence names the tool', (text, expected) => {
    expect(skills(text)).toEqual(expected);
  });

  it.each([
    ['• Swift delivery'],
    ['* Swift delivery'],
    ['- Swift delivery'],
    ['Done! Swift delivery'],
    ['Really? Swift delivery'],
    ['Note: Swift delivery'],
    ['Fast.\n Swift delivery'],
    ['Excel in data'],
    ['Excel at it'],
    ['Teams that Excel  at sales'],
    // An indented line starts a sentence too, however deep the indent.
    ['Our promise:\n        Swift delivery, every time.'],
    ['Ship it.      Spark joy.'],
  ])('%j: a sentence-opening word or the verb is no tool', (text) => {
    expect(skills(text)).toEqual([]);
  });

  it.each([
    // A person's name after the word that introduces one (issue 11, real data).
    ['The webinar is hosted by: Luke Swift'],
    ['Contact: Jane Swift for details'],
    // Oracle's applications, cloud and company are not its database.
    ['Experience with Oracle ERP implementations'],
    ['Oracle Fusion and Oracle EBS'],
    ['We run on Oracle Cloud Infrastructure'],
    ['We joined Oracle Corporation in 2020'],
  ])('%j: a name or an application is no tool', (text) => {
    expect(skills(text)).toEqual([]);
  });

  it.each([
    ['Led by Senior Swift developers', ['Swift']],
    ['Strong SQL on Oracle, PostgreSQL', ['SQL', 'Oracle Database', 'PostgreSQL']],
    ['We tune Oracle Database 19c', ['Oracle Database']],
  ])('%j: the tool after all', (text, expected) => {
    expect(skills(text)).toEqual(expected);
  });

  it('a title capitalizes every word: there the word is the tool', () => {
    expect(extractSkills('Swift Developer', '')).toEqual(['Swift']);
  });
});

describe('boundaries of aliases', () => {
  it.each([
    ['machine-learning and machine  learning', ['Machine Learning']],
    ['Applied machine\n  learning research', ['Machine Learning']],
    // Overlaps keep the longer name, in the middle of a sentence too.
    ['Experience building React Native apps', ['React Native']],
    ['Spark SQL jobs on Databricks', ['Apache Spark', 'Databricks']],
    // Names that touch are both kept.
    ['Senior C#.NET developer', ['C#', '.NET']],
    ['ASP.NET', ['.NET']],
    ['the.NET stack', []],
    ['Node.js.', ['Node.js']],
    ['Node.jsx', []],
    ['Java.', ['Java']],
    ['Java.util', []],
    ['C++17 and C++20', ['C++']],
    ['C+++', []],
    ['C#8', []],
    // A hyphen inside the alias itself, not a space written as one.
    ['T-SQL stored procedures', ['SQL']],
  ])('%j → %j', (text, expected) => {
    expect(skills(text)).toEqual(expected);
  });
});

describe('limits', () => {
  it('reads the first 60,000 characters of a description and 500 of a title', () => {
    const filler = 'word '.repeat(12_000);
    expect(extractSkills('Engineer', `${filler}Kubernetes`)).toEqual([]);
    expect(extractSkills('Engineer', `${filler.slice(0, 59_980)}Kubernetes`)).toEqual(['Kubernetes']);
    expect(extractSkills(`${'x '.repeat(250)}Kubernetes`, '')).toEqual([]);
    expect(extractSkills(`${'x '.repeat(240)}Kubernetes`, '')).toEqual(['Kubernetes']);
  });

  it('tags add canonical names after the text, ignoring what is not a string', () => {
    expect(extractSkills('Engineer', 'Python', ['r', 42, 'python', 'k8s'] as unknown[])).toEqual([
      'Python',
      'R',
      'Kubernetes',
    ]);
  });
});

describe('"GCP" as Good Clinical Practice', () => {
  it('drops only GCP from a clinical posting, wherever it sits in the list', () => {
    expect(
      extractSkills('Clinical Trial Manager', 'Ensure GCP compliance; track trial data in Excel.'),
    ).toEqual(['Excel']);
  });

  it('reads a clinical title without a description', () => {
    expect(extractSkills('GCP Auditor, Clinical Trials', null)).toEqual([]);
  });

  it('reads the cloud words within the scanned part only, as it reads skills', () => {
    const text = `Ensure GCP compliance in clinical trials. ${'word '.repeat(12_000)}AWS`;
    expect(extractSkills('Associate', text)).toEqual([]);
  });

  it.each([
    ['Clinical Trial Manager', 'Ensure GCP compliance.'],
    ['Associate', 'Knowledge of Good Clinical Practice (GCP) and GxP.'],
    ['Associate', 'GCP/GLP audits.'],
    ['Associate', 'Oversee clinical sites under GCP.'],
    ['Associate', 'Pharmacovigilance and GCP.'],
    ['Associate', 'Work with the CRO and IRB under GCP.'],
    ['Associate', 'Oncology studies under GCP.'],
    ['Associate', 'Investigator sites and study protocols (GCP).'],
  ])('%j: %j is no cloud', (title, text) => {
    expect(extractSkills(title, text)).not.toContain('GCP');
  });

  it.each([
    ['Clinical Data Engineer', 'GCP clinical data pipelines on BigQuery.'],
    ['Clinical Data Engineer', 'Clinical data on GCP and AWS.'],
    ['Clinical Data Engineer', 'Clinical trials platform on GCP with Kubernetes.'],
    ['Clinical Data Engineer', 'Clinical data on GCP; Docker images.'],
    ['Clinical Data Engineer', 'Clinical data on GCP; we use Docker.'],
  ])('%j: %j is the cloud', (title, text) => {
    expect(extractSkills(title, text)).toContain('GCP');
  });
});
