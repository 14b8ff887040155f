/**
 * ISO 3166-1 countries for the country selects: alpha-3 (what addresses store),
 * alpha-2 (what the card provider wants) and the English short name. Generated
 * from Debian's iso-codes 4.15 (common names where ISO's are formal, e.g.
 * 'Bolivia'), sorted by name so a select can list it as is.
 */
/**
 * One row per country, 'alpha-3 alpha-2 name' run together ('AFGAFAfghanistan'),
 * rows split by '|': one string rather than 249 arrays, because the first
 * booking step carries this list within its JavaScript budget (the e2e
 * budgets test) and a string is fewer bytes. Read into ROWS below.
 */
const TABLE = `AFGAFAfghanistan|
ALAAXÅland Islands|
ALBALAlbania|
DZADZAlgeria|
ASMASAmerican Samoa|
ANDADAndorra|
AGOAOAngola|
AIAAIAnguilla|
ATAAQAntarctica|
ATGAGAntigua and Barbuda|
ARGARArgentina|
ARMAMArmenia|
ABWAWAruba|
AUSAUAustralia|
AUTATAustria|
AZEAZAzerbaijan|
BHSBSBahamas|
BHRBHBahrain|
BGDBDBangladesh|
BRBBBBarbados|
BLRBYBelarus|
BELBEBelgium|
BLZBZBelize|
BENBJBenin|
BMUBMBermuda|
BTNBTBhutan|
BOLBOBolivia|
BESBQBonaire, Sint Eustatius and Saba|
BIHBABosnia and Herzegovina|
BWABWBotswana|
BVTBVBouvet Island|
BRABRBrazil|
IOTIOBritish Indian Ocean Territory|
BRNBNBrunei Darussalam|
BGRBGBulgaria|
BFABFBurkina Faso|
BDIBIBurundi|
CPVCVCabo Verde|
KHMKHCambodia|
CMRCMCameroon|
CANCACanada|
CYMKYCayman Islands|
CAFCFCentral African Republic|
TCDTDChad|
CHLCLChile|
CHNCNChina|
CXRCXChristmas Island|
CCKCCCocos (Keeling) Islands|
COLCOColombia|
COMKMComoros|
COGCGCongo|
CODCDCongo, The Democratic Republic of the|
COKCKCook Islands|
CRICRCosta Rica|
CIVCICôte d'Ivoire|
HRVHRCroatia|
CUBCUCuba|
CUWCWCuraçao|
CYPCYCyprus|
CZECZCzechia|
DNKDKDenmark|
DJIDJDjibouti|
DMADMDominica|
DOMDODominican Republic|
ECUECEcuador|
EGYEGEgypt|
SLVSVEl Salvador|
GNQGQEquatorial Guinea|
ERIEREritrea|
ESTEEEstonia|
SWZSZEswatini|
ETHETEthiopia|
FLKFKFalkland Islands (Malvinas)|
FROFOFaroe Islands|
FJIFJFiji|
FINFIFinland|
FRAFRFrance|
GUFGFFrench Guiana|
PYFPFFrench Polynesia|
ATFTFFrench Southern Territories|
GABGAGabon|
GMBGMGambia|
GEOGEGeorgia|
DEUDEGermany|
GHAGHGhana|
GIBGIGibraltar|
GRCGRGreece|
GRLGLGreenland|
GRDGDGrenada|
GLPGPGuadeloupe|
GUMGUGuam|
GTMGTGuatemala|
GGYGGGuernsey|
GINGNGuinea|
GNBGWGuinea-Bissau|
GUYGYGuyana|
HTIHTHaiti|
HMDHMHeard Island and McDonald Islands|
VATVAHoly See (Vatican City State)|
HNDHNHonduras|
HKGHKHong Kong|
HUNHUHungary|
ISLISIceland|
INDINIndia|
IDNIDIndonesia|
IRNIRIran|
IRQIQIraq|
IRLIEIreland|
IMNIMIsle of Man|
ISRILIsrael|
ITAITItaly|
JAMJMJamaica|
JPNJPJapan|
JEYJEJersey|
JORJOJordan|
KAZKZKazakhstan|
KENKEKenya|
KIRKIKiribati|
KWTKWKuwait|
KGZKGKyrgyzstan|
LAOLALaos|
LVALVLatvia|
LBNLBLebanon|
LSOLSLesotho|
LBRLRLiberia|
LBYLYLibya|
LIELILiechtenstein|
LTULTLithuania|
LUXLULuxembourg|
MACMOMacao|
MDGMGMadagascar|
MWIMWMalawi|
MYSMYMalaysia|
MDVMVMaldives|
MLIMLMali|
MLTMTMalta|
MHLMHMarshall Islands|
MTQMQMartinique|
MRTMRMauritania|
MUSMUMauritius|
MYTYTMayotte|
MEXMXMexico|
FSMFMMicronesia, Federated States of|
MDAMDMoldova|
MCOMCMonaco|
MNGMNMongolia|
MNEMEMontenegro|
MSRMSMontserrat|
MARMAMorocco|
MOZMZMozambique|
MMRMMMyanmar|
NAMNANamibia|
NRUNRNauru|
NPLNPNepal|
NLDNLNetherlands|
NCLNCNew Caledonia|
NZLNZNew Zealand|
NICNINicaragua|
NERNENiger|
NGANGNigeria|
NIUNUNiue|
NFKNFNorfolk Island|
PRKKPNorth Korea|
MKDMKNorth Macedonia|
MNPMPNorthern Mariana Islands|
NORNONorway|
OMNOMOman|
PAKPKPakistan|
PLWPWPalau|
PSEPSPalestine, State of|
PANPAPanama|
PNGPGPapua New Guinea|
PRYPYParaguay|
PERPEPeru|
PHLPHPhilippines|
PCNPNPitcairn|
POLPLPoland|
PRTPTPortugal|
PRIPRPuerto Rico|
QATQAQatar|
REURERéunion|
ROURORomania|
RUSRURussian Federation|
RWARWRwanda|
BLMBLSaint Barthélemy|
SHNSHSaint Helena, Ascension and Tristan da Cunha|
KNAKNSaint Kitts and Nevis|
LCALCSaint Lucia|
MAFMFSaint Martin (French part)|
SPMPMSaint Pierre and Miquelon|
VCTVCSaint Vincent and the Grenadines|
WSMWSSamoa|
SMRSMSan Marino|
STPSTSao Tome and Principe|
SAUSASaudi Arabia|
SENSNSenegal|
SRBRSSerbia|
SYCSCSeychelles|
SLESLSierra Leone|
SGPSGSingapore|
SXMSXSint Maarten (Dutch part)|
SVKSKSlovakia|
SVNSISlovenia|
SLBSBSolomon Islands|
SOMSOSomalia|
ZAFZASouth Africa|
SGSGSSouth Georgia and the South Sandwich Islands|
KORKRSouth Korea|
SSDSSSouth Sudan|
ESPESSpain|
LKALKSri Lanka|
SDNSDSudan|
SURSRSuriname|
SJMSJSvalbard and Jan Mayen|
SWESESweden|
CHECHSwitzerland|
SYRSYSyria|
TWNTWTaiwan|
TJKTJTajikistan|
TZATZTanzania|
THATHThailand|
TLSTLTimor-Leste|
TGOTGTogo|
TKLTKTokelau|
TONTOTonga|
TTOTTTrinidad and Tobago|
TUNTNTunisia|
TURTRTürkiye|
TKMTMTurkmenistan|
TCATCTurks and Caicos Islands|
TUVTVTuvalu|
UGAUGUganda|
UKRUAUkraine|
AREAEUnited Arab Emirates|
GBRGBUnited Kingdom|
USAUSUnited States|
UMIUMUnited States Minor Outlying Islands|
URYUYUruguay|
UZBUZUzbekistan|
VUTVUVanuatu|
VENVEVenezuela|
VNMVNVietnam|
VGBVGVirgin Islands, British|
VIRVIVirgin Islands, U.S.|
WLFWFWallis and Futuna|
ESHEHWestern Sahara|
YEMYEYemen|
ZMBZMZambia|
ZWEZWZimbabwe`;

type CountryRow = readonly [alpha3: string, alpha2: string, name: string];
const ROWS: readonly CountryRow[] = TABLE.split('|\n').map((row) => [row.slice(0, 3), row.slice(3, 5), row.slice(5)] as const);

export interface Country {
  /** ISO 3166-1 alpha-3, as addresses store it. */
  code: string;
  /** ISO 3166-1 alpha-2, as the card provider and IP geolocation use it. */
  alpha2: string;
  name: string;
}

export const COUNTRIES: readonly Country[] = ROWS.map(([code, alpha2, name]) => ({ code, alpha2, name }));

export const DEFAULT_COUNTRY = 'GBR';
export const DEFAULT_COUNTRY_ALPHA2 = 'GB';

const byAlpha3 = new Map(COUNTRIES.map((country) => [country.code, country]));
const byAlpha2 = new Map(COUNTRIES.map((country) => [country.alpha2, country]));

export function isCountryCode(code: unknown): code is string {
  return typeof code === 'string' && byAlpha3.has(code);
}

export function countryByCode(code: string | null | undefined): Country | undefined {
  return code ? byAlpha3.get(code.trim().toUpperCase()) : undefined;
}

export function countryName(code: string | null | undefined): string {
  return countryByCode(code)?.name ?? '';
}

/**
 * The card provider wants alpha-2 while addresses keep alpha-3. An unknown or
 * missing code falls back to GB, the spec's default, because the payment form
 * cannot open without a country; address schemas reject unknown codes first.
 */
export function alpha3ToAlpha2(code: string | null | undefined): string {
  return countryByCode(code)?.alpha2 ?? DEFAULT_COUNTRY_ALPHA2;
}

export function alpha2ToAlpha3(code: string | null | undefined): string | undefined {
  return code ? byAlpha2.get(code.trim().toUpperCase())?.code : undefined;
}
