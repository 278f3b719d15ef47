/**
 * Invented companies for the demo dataset: `name|industry|headquarters country`.
 * Every name is fictional; any likeness to a real firm is accidental. Order matters
 * (the demo organization's boards are chosen by position), so append, don't reorder.
 */
export const COMPANY_LINES = `
Northwind Analytics|data|US
Kestrel Health Inc.|health|US
Bluewake Robotics GmbH|robotics|DE
Quillstone Software|saas|US
Lumora Labs|ai|US
Brightpath Learning|edu|US
Cobalt Ridge Systems|hardware|US
Driftwood Payments|fintech|GB
Evergrove Energy|energy|US
Fernway Logistics|logistics|NL
Glasshouse Data Ltd|data|GB
Harborline Insurance|insurance|US
Ironbark Security|security|AU
Juniper Lane Commerce|commerce|US
Keystone Loop|devtools|US
Larkspur Media|media|US
Meridian Bay Therapeutics|biotech|US
Nimbus Grove|saas|CA
Oakhollow Games|gaming|SE
Pinecrest Legal Tech|legal|US
Quarry Hill Capital Software|fintech|US
Redfern Clinics|health|AU
Saltmarsh Studios|gaming|GB
Tidewater Freight|logistics|US
Umberfield Analytics|data|IE
Vellichor Books|media|GB
Wrenfield AI|ai|GB
Yarrowby Health|health|GB
Zephyrine Systems|devtools|DE
Amberlight Solar|energy|ES
Birchway HR|hrtech|US
Cinderpeak Cloud|devtools|US
Dovecote Atlas|saas|US
Emberline Fintech|fintech|SG
Foxglove Diagnostics|biotech|CH
Goldcrest Travel|travel|ES
Hollowtree Learning|edu|GB
Inkwell Labs|ai|US
Jadeport Commerce|commerce|SG
Kittiwake Robotics|robotics|GB
Lanternfish Security|security|US
Mossbank Insurance|insurance|GB
Nettlefield Farms Tech|commerce|NZ
Orchardline Retail|commerce|US
Pebblestack|devtools|US
Quayside Payments|fintech|IE
Rookery Data|data|DE
Sablewood Health|health|CA
Thistledown Software|saas|GB
Underbrush Labs|security|IL
Vireo Analytics|data|US
Willowmere Care|health|US
Xylem Grove Energy|energy|DK
Yellowfin Travel|travel|AU
Zinnia Commerce|commerce|MX
Arcwell Robotics|robotics|JP
Bramblecourt Legal|legal|GB
Copperwick Ledger|fintech|US
Dunmore Analytics|data|GB
Eastwater Logistics|logistics|AE
Flintlock Cyber|security|US
Greywater Aerospace|hardware|US
Heathrow Hills Media|media|GB
Isleworth Learning|edu|IN
Jarrah Cloud Pty Ltd|saas|AU
Kelpwater Energy|energy|NO
Lindenhall Software|saas|DE
Marrowstone Bio|biotech|US
Nightjar Games|gaming|PL
Oxbow Freight|logistics|CA
Pelican Point Health|health|US
Quinta Nova Software Lda|saas|PT
Riverstone HR|hrtech|GB
Silverreed Systems|hardware|JP
Tallgrass Insurance|insurance|US
Upmeadow Thread|commerce|US
Velvetleaf Design|saas|FR
Waxwing Analytics|data|US
Yewbridge Legal|legal|US
Zellwood Robotics|robotics|US
Asterfield Labs|ai|FR
Bellhaven Bank Tech|fintech|GB
Crowfoot Systems|devtools|US
Deepwell Data|data|IN
Elmstead Clinics|health|IE
Frostline Logistics|logistics|FI
Gullwing Travel|travel|US
Hazelrig Education|edu|US
Ivybridge Security|security|GB
Jetstone Hardware|hardware|US
Kingsmoor Games|gaming|GB
Lodestar Signal|devtools|US
Mapleridge Insurance|insurance|CA
Nettlebed Media|media|GB
Oriole Commerce|commerce|BR
Paddlefoot Robotics|robotics|CA
Quillfeather AI|ai|CA
Rushmere Energy|energy|GB
Seabright Therapeutics|biotech|US
Tamarind Pay|fintech|IN
Ulmus Cloud|saas|NL
Verdant Loop|energy|DE
Whitlock Analytics|data|US
Yonder Trails|travel|CA
Zestwave Media|media|US
Alderbrook Health|health|US
Blackpine Cyber Ltd|security|GB
Cedarfall Software|saas|US
Duskline Studios|gaming|US
Eiderdown Insurance|insurance|DK
Fieldmouse Learning|edu|AU
Galewind Energy|energy|NL
Hearthstone Care Inc.|health|US
Inverleith Data|data|GB
Jubilee Logistics|logistics|ZA
Kilnworth Hardware|hardware|DE
Loomhouse Commerce|commerce|GB
Moonraker Labs|ai|US
Northgate Legal|legal|CA
Otterbrook Systems|devtools|US
Palisade Pay|fintech|US
Quietwater Health|health|NZ
Rivermint Software|saas|IN
Stonechat Security|security|DE
Teal Harbor Travel|travel|PT
Umbra Robotics SAS|robotics|FR
Valemont Analytics|data|CH
Wildoak Media|media|CA
Yardley Grove Foods|commerce|GB
Zarafa Learning|edu|KE
Aldergate Finance|fintech|GB
Bittern Bio AG|biotech|CH
Clearbrook Systems|saas|US
Dapplegrey Games|gaming|FI
Eskerfield Energy|energy|SE
Fallowmere Logistics|logistics|DE
Glimmerpath AI|ai|US
Halcyon Reach|health|US
Ironweed Legal|legal|US
Jackdaw Security|security|NL
Kinglet Commerce|commerce|US
Lumenfold|saas|DE
Midsummer Media AB|media|SE
Cardamom Finance|fintech|GB
Overlook Robotics|robotics|US
Pinnacle Fen Insurance|insurance|US
Quarrystone Data|data|PL
Ravensworth Learning|edu|GB
Siskin Cloud|devtools|IE
Tangleroot Games|gaming|CA
Underhill Hardware|hardware|US
Veldstra Energy B.V.|energy|NL
Windrush Travel|travel|GB
Yarrow Point Health|health|US
Zumbrota Analytics|data|US
Ashgrove Payments|fintech|AU
Brackenridge HR|hrtech|US
Coralline Bio|biotech|ES
Dewpond Software|saas|GB
Estuary Logistics|logistics|SG
Firecrest AI|ai|DE
Gannet Security|security|US
Hillfort Education|edu|IE
Inchcape Loop Media|media|AU
Jasperwood Commerce|commerce|CA
Kelpie Robotics Pty Ltd|robotics|AU
Lamplighter Health|health|GB
Marigold Ledger|fintech|IN
Newmarch Data|data|AU
Orrisroot Games|gaming|US
Pennywhistle Learning|edu|US
Quoll Systems|devtools|AU
Rainmoor Energy|energy|US
Sandpiper Insurance|insurance|AU
Torchwood Cloud|saas|US
Umbrella Pine Travel|travel|US
Vantablue Security|security|US
Whinchat Software|saas|PL
Yellowhammer Media|media|US
Zircon Hardware|hardware|IL
Acornfield HR Oy|hrtech|FI
Bluebell Diagnostics|biotech|GB
Coldharbour Logistics|logistics|GB
Deerhurst Legal|legal|GB
Elderflower Health|health|CA
Fernhollow Analytics|data|CA
Greenmantle Energy|energy|IE
Holloway Pay|fintech|US
Isolde Robotics|robotics|IT
Juniperhill Learning|edu|CA
Kestrelway Travel|travel|DE
Linnet Security|security|CA
Mistral Peak Software|saas|FR
Nightingale Clinics|health|IN
Orchid Cove Commerce|commerce|PH
Partridge Hardware|hardware|US
Quicksilver Fen Data|data|US
Redshank Games|gaming|DE
Skerryvore Insurance|insurance|GB
Twinleaf AI|ai|IN
Undertow Media|media|US
Vesper Fields Bio|biotech|US
Wagtail Software|saas|NZ
Yarnbury Commerce|commerce|GB
Zeal Harbor Fintech|fintech|BR
Ambermoor Systems|devtools|GB
Brindlewood Health|health|US
Cloudberry Learning|edu|NO
Dipperstone Data|data|SE
Eastfold Energy|energy|AU
Fieldfare Freight|logistics|PL
Gorsefield Legal|legal|IE
Harebell Software|saas|AT
Icefern Security|security|FI
Jaywick Games|gaming|US
Kittering Pay|fintech|NG
Lowmoor Robotics|robotics|DE
Merlinfield AI|ai|GB
Nuthatch Analytics|data|US
Ospreyline Travel|travel|MX
Pipistrelle Health|health|ES
Quillon Hardware|hardware|FR
Roseate Commerce|commerce|IT
Stormvale Insurance|insurance|IE
Teasel Cloud|devtools|NL
Uplift Harbor HR|hrtech|CA
Verbena Media|media|FR
Waterlily Clinics|health|SG
Yorkstone Data Ltd|data|GB
Zandvoort Logistics B.V.|logistics|NL
Alpenglow Systems AG|saas|CH
Barnowl Security|security|US
Chaffinch Learning|edu|GB
Daybreak Ledger|fintech|CA
Everbright Robotics|robotics|US
Fennel Street Health|health|US
Greylag Analytics|data|DK
Halfmoon Games|gaming|JP
Ingleby Energy|energy|GB
Jesmond Legal|legal|AU
Knotgrass Commerce|commerce|US
Lapwing Cloud|saas|US
Marram Bio|biotech|DK
Nightsky Media|media|US
Oakmoss Insurance|insurance|US
Petrel Logistics|logistics|BE
Quenby AI|ai|US
Rowanbank Health|health|GB
Sundew Software|saas|BE
Tawny Data|data|RO
Ursaline Hardware|hardware|US
Vinegar Hill Travel|travel|IE
Woodlark Security|security|GB
Yewdale Learning|edu|US
Zanderfield Fintech|fintech|DE
Applewhite Systems|devtools|US
Blueharbor Health|health|US
Cresswell Analytics|data|GB
Damselfly Games|gaming|CA
Eelgrass Energy|energy|US
Fairhaven Pay|fintech|US
Goldfinch Robotics|robotics|IN
Hempstead Legal|legal|US
Ironmonger Commerce|commerce|GB
Jollyboat Travel|travel|GB
Kingfisher Lane Software|saas|IE
Leatherback Security|security|BR
Millstream Learning|edu|US
Nettlecombe Health|health|GB
Oystercatcher Data|data|NZ
Pollenfield Bio|biotech|BE
Quagmire Labs|devtools|EE
Rockrose Insurance|insurance|US
Shearwater Freight|logistics|AU
Tallowmere Media|media|GB
Upperdeck AI|ai|US
Violetta Software S.L.|saas|ES
Wildbrook Energy|energy|CA
Yarrowfield Health|health|IE
Zeppelin Fen Hardware|hardware|DE
Alderney Pay|fintech|GB
Beacon Tor Analytics|data|US
Crabapple Games|gaming|AU
Driftmoor Robotics|robotics|NL
Embertide Security|security|SG
Foxhollow Commerce|commerce|US
Greenwing Learning|edu|IN
Hawkmoor Cloud|saas|US
Inglenook Health|health|US
Jetsam Logistics|logistics|US
Kinnear Legal|legal|GB
Lindqvist Data AB|data|SE
Mariner Gate Insurance|insurance|GB
Northlight Media|media|NO
Oakstream Energy|energy|US
Primrose Path HR|hrtech|AU
Quartzline Hardware|hardware|US
Rustling Reed Software|saas|CZ
Skylark Ledger|fintech|US
Thornbury AI Ltd|ai|GB
Ulster Bay Health|health|GB
Valeria Travel|travel|AR
Wolfsbane Security|security|DE
Yellowwood Learning|edu|ZA
Zinfandel Commerce|commerce|US
Arrowgrass Data|data|US
Bracken Hollow Games|gaming|GB
Cloudsmith Harbor|devtools|CA
Dunlin Health|health|AU
Eastbrook Pay Pvt Ltd|fintech|IN
Farrier Robotics|robotics|US
Gildersleeve Insurance|insurance|US
Hopfield Analytics|data|DE
Ivorybill Learning|edu|BR
Jacaranda Health|health|ZA
`;
