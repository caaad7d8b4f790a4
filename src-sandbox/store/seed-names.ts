/**
 * French first names and surnames for the sandbox seed (common ones, INSEE birth-name statistics give the
 * flavour), banks with their BIC, and the countries of birth used for NIRs of people born abroad.
 */

export const PRENOMS_HOMMES: readonly string[] = [
  'Jean', 'Pierre', 'Michel', 'André', 'Philippe', 'Nicolas', 'Christophe', 'Stéphane', 'Laurent', 'Julien',
  'Sébastien', 'Frédéric', 'David', 'Thomas', 'Alexandre', 'Antoine', 'Maxime', 'Romain', 'Guillaume', 'Olivier',
  'Mathieu', 'Vincent', 'Jérôme', 'François', 'Hugo', 'Lucas', 'Louis', 'Théo', 'Nathan', 'Enzo', 'Baptiste',
  'Clément', 'Quentin', 'Adrien', 'Benoît', 'Cédric', 'Damien', 'Fabien', 'Gaël', 'Hervé', 'Jérémy', 'Kévin',
  'Loïc', 'Mickaël', 'Noël', 'Pascal', 'Rémi', 'Sylvain', 'Thierry', 'Yann', 'Yannick', 'Arnaud', 'Bruno',
  'Didier', 'Éric', 'Gilles', 'Jacques', 'Marc', 'Patrick', 'Raphaël', 'Samuel', 'Victor', 'Karim', 'Mehdi',
]

export const PRENOMS_FEMMES: readonly string[] = [
  'Marie', 'Nathalie', 'Isabelle', 'Sylvie', 'Catherine', 'Sandrine', 'Valérie', 'Christine', 'Céline', 'Stéphanie',
  'Aurélie', 'Émilie', 'Julie', 'Camille', 'Laura', 'Manon', 'Léa', 'Chloé', 'Sarah', 'Pauline', 'Marine', 'Anaïs',
  'Élodie', 'Audrey', 'Caroline', 'Virginie', 'Delphine', 'Hélène', 'Sophie', 'Claire', 'Anne', 'Agnès', 'Béatrice',
  'Coralie', 'Florence', 'Gaëlle', 'Justine', 'Laëtitia', 'Lucie', 'Mathilde', 'Morgane', 'Noémie', 'Océane',
  'Patricia', 'Rachel', 'Solène', 'Sabrina', 'Zoé', 'Inès', 'Jade', 'Louise', 'Alice', 'Emma', 'Margaux',
  'Charlotte', 'Amandine', 'Estelle', 'Fanny', 'Karine', 'Mélanie', 'Nadia', 'Yasmina', 'Fatou', 'Leïla',
]

export const NOMS: readonly string[] = [
  'Martin', 'Bernard', 'Thomas', 'Petit', 'Robert', 'Richard', 'Durand', 'Dubois', 'Moreau', 'Laurent', 'Simon',
  'Michel', 'Lefèvre', 'Leroy', 'Roux', 'David', 'Bertrand', 'Morel', 'Fournier', 'Girard', 'Bonnet', 'Dupont',
  'Lambert', 'Fontaine', 'Rousseau', 'Vincent', 'Muller', 'Lefebvre', 'Faure', 'André', 'Mercier', 'Blanc',
  'Guérin', 'Boyer', 'Garnier', 'Chevalier', 'François', 'Legrand', 'Gauthier', 'Garcia', 'Perrin', 'Robin',
  'Clément', 'Morin', 'Nicolas', 'Henry', 'Roussel', 'Mathieu', 'Gautier', 'Masson', 'Marchand', 'Duval',
  'Denis', 'Dumont', 'Marie', 'Lemaire', 'Noël', 'Meyer', 'Dufour', 'Meunier', 'Brun', 'Blanchard', 'Giraud',
  'Joly', 'Rivière', 'Lucas', 'Brunet', 'Gaillard', 'Barbier', 'Arnaud', 'Martinez', 'Gérard', 'Roche', 'Renard',
  'Schmitt', 'Roy', 'Leroux', 'Colin', 'Vidal', 'Caron', 'Picard', 'Roger', 'Fabre', 'Aubert', 'Lemoine', 'Renaud',
  'Dumas', 'Lacroix', 'Olivier', 'Philippe', 'Bourgeois', 'Pierre', 'Benoît', 'Rey', 'Leclerc', 'Payet', 'Rolland',
  'Leclercq', 'Guillaume', 'Lecomte', 'Lopez', 'Jean', 'Dupuis', 'Guillot', 'Hubert', 'Berger', 'Carpentier',
  'Sanchez', 'Le Gall', 'Le Goff', 'Kerboriou', 'Quéméner', 'Santini', 'Pietri', 'Benali', 'Haddad', 'Nguyen',
  'Diallo', 'Traoré', 'Da Silva', 'Ferreira', 'Lemaître', 'Charpentier', 'Poirier', 'Chauvin', 'Cordier', 'Tessier',
]

/** French banks: bank code (code banque, 5 digits) and a BIC of the bank (ISO 9362). */
export const BANQUES: readonly { code: string; bic: string }[] = [
  { code: '30004', bic: 'BNPAFRPPXXX' },
  { code: '30003', bic: 'SOGEFRPP' },
  { code: '30002', bic: 'CRLYFRPP' },
  { code: '20041', bic: 'PSSTFRPPNTE' },
  { code: '10278', bic: 'CMCIFR2A' },
  { code: '30066', bic: 'CMCIFRPP' },
  { code: '16606', bic: 'AGRIFRPP866' },
  { code: '13807', bic: 'CCBPFRPPNAN' },
  { code: '14445', bic: 'CEPAFRPP444' },
  { code: '30056', bic: 'CCFRFRPP' },
]

/**
 * Countries of birth for people born abroad: INSEE country code (the NIR's "commune" part when the department is
 * 99) and whether a residence permit is needed to work (outside the EU/EEA and Switzerland).
 */
export const PAYS_NAISSANCE: readonly { code: string; titreRequis: boolean }[] = [
  { code: '350', titreRequis: true }, // Maroc
  { code: '352', titreRequis: true }, // Algérie
  { code: '351', titreRequis: true }, // Tunisie
  { code: '341', titreRequis: true }, // Sénégal
  { code: '326', titreRequis: true }, // Côte d'Ivoire
  { code: '139', titreRequis: false }, // Portugal
  { code: '134', titreRequis: false }, // Espagne
  { code: '127', titreRequis: false }, // Italie
]
