import type { LocalizedTermsDocument } from './types.ts';

/**
 * The Anti-Money-Laundering (AML) and Anti-Fraud Guide in all seven languages.
 * Every language has the same twelve sections in the same order.
 */
export const antiFraudGuide: LocalizedTermsDocument = {
  en: {
    title: 'Anti-Money-Laundering and Anti-Fraud Guide',
    updated: 'Last updated: 20 November 2026',
    intro: [
      'KPC is committed to preventing money laundering, terrorist financing, sanctions evasion and fraud. This guide explains the checks we carry out, what we expect from members and how you can protect yourself from scams.',
      'This guide forms part of the User Agreement. By using the Services, you agree to follow it.',
    ],
    sections: [
      {
        heading: '1. Our commitment',
        paragraphs: [
          'We follow a risk-based approach in line with international standards, such as the recommendations of the Financial Action Task Force (FATF). Our controls cover account opening, deposits, withdrawals, plans, card applications and referral activity.',
          'We work with card issuers, compliance providers and the competent authorities to keep the programme safe for every member.',
        ],
      },
      {
        heading: '2. Know your customer (KYC)',
        paragraphs: [
          'We may ask you to verify your identity with your full name, date of birth, nationality, address, an identity document and a selfie. Identity verification is always required before a co-branded card is issued, and may also be required for larger withdrawals, node or shareholder applications, or when our risk checks call for it.',
          'The information you give must be true, complete and your own. Using someone else’s identity or forged documents is prohibited. Please keep your details up to date.',
        ],
      },
      {
        heading: '3. Sanctions screening',
        paragraphs: [
          'We screen members, wallet addresses and transactions against international sanctions lists, including those of the United Nations, the European Union, the United Kingdom and the United States.',
          'We do not provide the Services to people or entities on these lists, or to residents of comprehensively sanctioned countries and regions. Funds linked to sanctioned persons or addresses may be frozen and reported as the law requires.',
        ],
      },
      {
        heading: '4. Source of funds',
        paragraphs: [
          'Your deposits must come from lawful sources. We may ask you to explain and document where your funds or wealth come from, for example with payslips, business records, bank statements or records from the exchange or wallet you sent from.',
          'If you cannot give a satisfactory explanation, we may decline a deposit, delay a withdrawal or restrict your account.',
        ],
      },
      {
        heading: '5. Transaction monitoring',
        paragraphs: [
          'We monitor account activity and on-chain transactions for unusual patterns, such as deposits quickly followed by withdrawals with little other activity, amounts split to avoid checks, links to high-risk addresses or mixing services, many accounts controlled by one person, or activity that does not match your profile.',
          'Monitoring may lead to a review of your withdrawals or a request for information. A review does not mean that we suspect you of wrongdoing; it is part of keeping the platform safe.',
        ],
      },
      {
        heading: '6. Reporting to the authorities',
        paragraphs: [
          'Where the law requires, we report suspicious transactions and activity to the competent financial intelligence unit or other authorities, and we respond to their lawful requests.',
          'The law may forbid us from telling you that a report has been made or that an investigation is under way.',
        ],
      },
      {
        heading: '7. Prohibited uses',
        paragraphs: [
          'You must not use the Services for money laundering, terrorist financing, sanctions evasion, fraud, tax evasion, illegal gambling or any other illegal activity, or to receive the proceeds of crime.',
          'You must not open accounts for others, lend or sell your account, create multiple or fake accounts to collect referral rewards, use another person’s wallet or card, or act for a third party without our approval.',
        ],
      },
      {
        heading: '8. How to recognise scams',
        paragraphs: [
          'Nobody from KPC will ever ask for your password, email verification codes, seed phrase or private key, or ask you to send funds to a personal address. Anyone who does is a scammer.',
          'Beware of fake support accounts on messaging apps and social media, promises of guaranteed or very high returns, pressure to act quickly, and requests to pay a “fee” or “tax” to release your funds.',
          'Use only the official app address and check links carefully before you sign in. Never sign a wallet message or transaction you do not understand, and do not install software recommended by strangers.',
        ],
      },
      {
        heading: '9. Record keeping',
        paragraphs: [
          'We keep records of identity checks, transactions and communications for at least five years after the business relationship ends, or longer where the law requires. These records may be provided to the authorities on lawful request.',
        ],
      },
      {
        heading: '10. What members must do',
        paragraphs: [
          'Give accurate information and documents when asked, keep your credentials secure, use only wallets you control, and check the address and network before every transfer.',
          'Tell us promptly if your circumstances change, if you suspect unauthorised access or if you think you have been targeted by a scam. Do not invite or encourage others to use the Services in breach of this guide.',
        ],
      },
      {
        heading: '11. Consequences of violations',
        paragraphs: [
          'If we find or reasonably suspect a breach of this guide, we may refuse transactions, withhold rewards, freeze assets, suspend or close your account and report the matter to the authorities.',
          'We are not liable for losses caused by measures we take in good faith to comply with the law or with this guide.',
        ],
      },
      {
        heading: '12. Report a concern',
        paragraphs: [
          'If you notice anything suspicious, such as a request for your codes, a sign-in you do not recognise, or someone offering to speed up a withdrawal for a fee, contact us immediately at support@kpc.example.',
          'Include as much detail as you can, such as screenshots, links and transaction hashes. We treat every report confidentially.',
        ],
      },
    ],
  },
  'zh-Hans': {
    title: '反洗钱与反欺诈指南',
    updated: '最后更新：2026年11月20日',
    intro: [
      'KPC 致力于防范洗钱、恐怖融资、规避制裁和欺诈行为。本指南介绍我们开展的审查、我们对会员的要求，以及您如何保护自己免受诈骗。',
      '本指南构成《用户协议》的一部分。使用本服务即表示您同意遵守本指南。',
    ],
    sections: [
      {
        heading: '1. 我们的承诺',
        paragraphs: [
          '我们按照金融行动特别工作组（FATF）建议等国际标准，采取基于风险的方法。我们的管控措施覆盖开户、充值、提现、计划、卡片申请和推荐活动。',
          '我们与发卡机构、合规服务商及主管机关合作，为每一位会员维护安全的计划环境。',
        ],
      },
      {
        heading: '2. 了解您的客户（KYC）',
        paragraphs: [
          '我们可能要求您提供全名、出生日期、国籍、地址、身份证件和自拍照以核验身份。在发放联名卡之前必须完成身份核验；在大额提现、节点或股东申请时，或在我们的风险审查需要时，也可能要求核验。',
          '您提供的信息必须真实、完整且属于您本人。禁止使用他人身份或伪造的证件。请及时更新您的信息。',
        ],
      },
      {
        heading: '3. 制裁筛查',
        paragraphs: [
          '我们会依据国际制裁名单（包括联合国、欧盟、英国和美国的名单）对会员、钱包地址和交易进行筛查。',
          '我们不向上述名单中的个人或实体，或受全面制裁国家和地区的居民提供服务。与受制裁人员或地址相关的资金可能被冻结，并依法上报。',
        ],
      },
      {
        heading: '4. 资金来源',
        paragraphs: [
          '您的充值资金必须来源合法。我们可能要求您说明并证明资金或财富的来源，例如提供工资单、经营记录、银行流水，或转出资金的交易所或钱包的记录。',
          '如您无法作出令人满意的说明，我们可以拒绝充值、延迟提现或限制您的账户。',
        ],
      },
      {
        heading: '5. 交易监控',
        paragraphs: [
          '我们会监控账户活动和链上交易中的异常情况，例如充值后很快提现且几乎没有其他活动、拆分金额以规避审查、与高风险地址或混币服务有关联、一人控制多个账户，或活动与您的身份情况不符。',
          '监控可能导致我们审核您的提现或要求您提供信息。审核并不意味着我们怀疑您有不当行为，而是维护平台安全的正常措施。',
        ],
      },
      {
        heading: '6. 向主管机关报告',
        paragraphs: [
          '在法律要求时，我们会向主管的金融情报机构或其他机关报告可疑交易和活动，并配合其依法提出的要求。',
          '法律可能禁止我们告知您已提交报告或正在进行调查。',
        ],
      },
      {
        heading: '7. 禁止的用途',
        paragraphs: [
          '您不得将本服务用于洗钱、恐怖融资、规避制裁、欺诈、逃税、非法赌博或任何其他违法活动，也不得用于接收犯罪所得。',
          '您不得为他人开设账户，不得出借或出售您的账户，不得为获取推荐奖励而注册多个或虚假账户，不得使用他人的钱包或卡片，也不得未经我们批准代表第三方行事。',
        ],
      },
      {
        heading: '8. 如何识别诈骗',
        paragraphs: [
          'KPC 的任何人都不会向您索要密码、邮箱验证码、助记词或私钥，也不会要求您将资金转入个人地址。凡是这样做的人都是骗子。',
          '请警惕即时通讯软件和社交媒体上的假冒客服账号、保证收益或极高回报的承诺、催促您尽快行动的压力，以及要求您支付“手续费”或“税费”才能解冻资金的说法。',
          '请只使用官方应用地址，登录前仔细核对链接。切勿签署您看不懂的钱包消息或交易，也不要安装陌生人推荐的软件。',
        ],
      },
      {
        heading: '9. 记录保存',
        paragraphs: [
          '我们会在业务关系结束后至少五年内保存身份核验、交易和往来沟通的记录；法律要求更长期限的，从其规定。这些记录可能应主管机关的合法要求提供给对方。',
        ],
      },
      {
        heading: '10. 会员须知',
        paragraphs: [
          '在被要求时提供准确的信息和文件，妥善保管您的登录凭据，只使用您本人控制的钱包，并在每次转账前核对地址和网络。',
          '如您的情况发生变化、怀疑存在未经授权的访问，或认为自己成为诈骗目标，请及时告知我们。不得邀请或鼓励他人以违反本指南的方式使用本服务。',
        ],
      },
      {
        heading: '11. 违规后果',
        paragraphs: [
          '如我们发现或有合理理由怀疑存在违反本指南的行为，我们可以拒绝交易、暂扣奖励、冻结资产、暂停或关闭您的账户，并向主管机关报告。',
          '对于我们为遵守法律或本指南而善意采取的措施所造成的损失，我们不承担责任。',
        ],
      },
      {
        heading: '12. 举报可疑情况',
        paragraphs: [
          '如您发现任何可疑情况，例如有人索要您的验证码、出现您不认识的登录，或有人声称收费即可加快提现，请立即通过 support@kpc.example 联系我们。',
          '请尽可能提供详细信息，例如截图、链接和交易哈希。我们会对每一份举报严格保密。',
        ],
      },
    ],
  },
  hi: {
    title: 'धन-शोधन-रोधी और धोखाधड़ी-रोधी मार्गदर्शिका',
    updated: 'अंतिम अपडेट: 20 नवंबर 2026',
    intro: [
      'KPC धन-शोधन, आतंकवाद के वित्तपोषण, प्रतिबंधों से बचने और धोखाधड़ी को रोकने के लिए प्रतिबद्ध है। यह मार्गदर्शिका बताती है कि हम कौन-सी जाँचें करते हैं, सदस्यों से हम क्या अपेक्षा करते हैं, और आप खुद को घोटालों से कैसे बचा सकते हैं।',
      'यह मार्गदर्शिका उपयोगकर्ता अनुबंध का हिस्सा है। सेवाओं का उपयोग करके आप इसका पालन करने के लिए सहमत होते हैं।',
    ],
    sections: [
      {
        heading: '1. हमारी प्रतिबद्धता',
        paragraphs: [
          'हम फ़ाइनेंशियल एक्शन टास्क फ़ोर्स (FATF) की सिफ़ारिशों जैसे अंतरराष्ट्रीय मानकों के अनुरूप जोखिम-आधारित दृष्टिकोण अपनाते हैं। हमारे नियंत्रण खाता खोलने, जमा, निकासी, प्लान, कार्ड आवेदन और रेफ़रल गतिविधि पर लागू होते हैं।',
          'हम प्रोग्राम को हर सदस्य के लिए सुरक्षित रखने के लिए कार्ड जारीकर्ताओं, अनुपालन प्रदाताओं और सक्षम प्राधिकरणों के साथ मिलकर काम करते हैं।',
        ],
      },
      {
        heading: '2. अपने ग्राहक को जानें (KYC)',
        paragraphs: [
          'हम आपसे अपना पूरा नाम, जन्म तिथि, राष्ट्रीयता, पता, पहचान दस्तावेज़ और एक सेल्फ़ी देकर अपनी पहचान सत्यापित करने के लिए कह सकते हैं। को-ब्रांडेड कार्ड जारी होने से पहले पहचान सत्यापन हमेशा आवश्यक है, और बड़ी निकासी, नोड या शेयरधारक आवेदनों के लिए, या जब हमारी जोखिम जाँच में इसकी ज़रूरत हो, तब भी इसकी आवश्यकता हो सकती है।',
          'आपके द्वारा दी गई जानकारी सत्य, पूर्ण और आपकी अपनी होनी चाहिए। किसी और की पहचान या जाली दस्तावेज़ों का उपयोग वर्जित है। कृपया अपना विवरण अद्यतन रखें।',
        ],
      },
      {
        heading: '3. प्रतिबंध जाँच',
        paragraphs: [
          'हम सदस्यों, वॉलेट पतों और लेन-देन की जाँच अंतरराष्ट्रीय प्रतिबंध सूचियों से करते हैं, जिनमें संयुक्त राष्ट्र, यूरोपीय संघ, यूनाइटेड किंगडम और संयुक्त राज्य अमेरिका की सूचियाँ शामिल हैं।',
          'हम इन सूचियों में शामिल व्यक्तियों या संस्थाओं को, या व्यापक प्रतिबंधों वाले देशों और क्षेत्रों के निवासियों को सेवाएँ प्रदान नहीं करते। प्रतिबंधित व्यक्तियों या पतों से जुड़ी धनराशि फ़्रीज़ की जा सकती है और कानून के अनुसार उसकी रिपोर्ट की जा सकती है।',
        ],
      },
      {
        heading: '4. धन का स्रोत',
        paragraphs: [
          'आपकी जमा राशि वैध स्रोतों से आनी चाहिए। हम आपसे अपने धन या संपत्ति के स्रोत को समझाने और उसका प्रमाण देने के लिए कह सकते हैं, उदाहरण के लिए वेतन पर्ची, व्यावसायिक रिकॉर्ड, बैंक स्टेटमेंट, या उस एक्सचेंज या वॉलेट के रिकॉर्ड जिससे आपने राशि भेजी।',
          'यदि आप संतोषजनक स्पष्टीकरण नहीं दे पाते, तो हम जमा अस्वीकार कर सकते हैं, निकासी में देरी कर सकते हैं या आपका खाता प्रतिबंधित कर सकते हैं।',
        ],
      },
      {
        heading: '5. लेन-देन की निगरानी',
        paragraphs: [
          'हम असामान्य पैटर्न के लिए खाता गतिविधि और ऑन-चेन लेन-देन की निगरानी करते हैं, जैसे जमा के तुरंत बाद निकासी और अन्य गतिविधि बहुत कम होना, जाँच से बचने के लिए राशि को टुकड़ों में बाँटना, उच्च-जोखिम पतों या मिक्सिंग सेवाओं से संबंध, एक ही व्यक्ति द्वारा नियंत्रित कई खाते, या ऐसी गतिविधि जो आपकी प्रोफ़ाइल से मेल नहीं खाती।',
          'निगरानी के कारण आपकी निकासी की समीक्षा हो सकती है या आपसे जानकारी माँगी जा सकती है। समीक्षा का अर्थ यह नहीं है कि हमें आप पर किसी गलत काम का संदेह है; यह प्लेटफ़ॉर्म को सुरक्षित रखने की प्रक्रिया का हिस्सा है।',
        ],
      },
      {
        heading: '6. प्राधिकरणों को रिपोर्ट करना',
        paragraphs: [
          'जहाँ कानून की आवश्यकता हो, हम संदिग्ध लेन-देन और गतिविधियों की रिपोर्ट सक्षम वित्तीय आसूचना इकाई या अन्य प्राधिकरणों को करते हैं, और उनके वैध अनुरोधों का उत्तर देते हैं।',
          'कानून हमें आपको यह बताने से रोक सकता है कि कोई रिपोर्ट की गई है या कोई जाँच चल रही है।',
        ],
      },
      {
        heading: '7. निषिद्ध उपयोग',
        paragraphs: [
          'आप सेवाओं का उपयोग धन-शोधन, आतंकवाद के वित्तपोषण, प्रतिबंधों से बचने, धोखाधड़ी, कर चोरी, अवैध जुए या किसी अन्य अवैध गतिविधि के लिए, या अपराध से प्राप्त धन लेने के लिए नहीं कर सकते।',
          'आप दूसरों के लिए खाते नहीं खोल सकते, अपना खाता उधार नहीं दे सकते या बेच नहीं सकते, रेफ़रल पुरस्कार पाने के लिए कई या नकली खाते नहीं बना सकते, किसी दूसरे व्यक्ति के वॉलेट या कार्ड का उपयोग नहीं कर सकते, और हमारी स्वीकृति के बिना किसी तीसरे पक्ष की ओर से कार्य नहीं कर सकते।',
        ],
      },
      {
        heading: '8. घोटालों को कैसे पहचानें',
        paragraphs: [
          'KPC से कोई भी व्यक्ति कभी भी आपका पासवर्ड, ईमेल सत्यापन कोड, सीड फ़्रेज़ या प्राइवेट की नहीं माँगेगा, और न ही किसी निजी पते पर धनराशि भेजने को कहेगा। जो कोई ऐसा करता है, वह धोखेबाज़ है।',
          'मैसेजिंग ऐप और सोशल मीडिया पर नकली सपोर्ट खातों, गारंटीशुदा या बहुत ऊँचे रिटर्न के वादों, जल्दी कदम उठाने के दबाव, और आपकी धनराशि जारी करने के लिए “शुल्क” या “कर” चुकाने की माँगों से सावधान रहें।',
          'केवल आधिकारिक ऐप पते का उपयोग करें और साइन इन करने से पहले लिंक ध्यान से जाँचें। ऐसे किसी वॉलेट संदेश या लेन-देन पर कभी हस्ताक्षर न करें जिसे आप नहीं समझते, और अजनबियों द्वारा सुझाया गया सॉफ़्टवेयर इंस्टॉल न करें।',
        ],
      },
      {
        heading: '9. रिकॉर्ड रखना',
        paragraphs: [
          'हम पहचान जाँच, लेन-देन और संचार के रिकॉर्ड व्यावसायिक संबंध समाप्त होने के बाद कम से कम पाँच वर्ष तक, या कानून द्वारा अपेक्षित होने पर इससे अधिक समय तक रखते हैं। वैध अनुरोध पर ये रिकॉर्ड प्राधिकरणों को दिए जा सकते हैं।',
        ],
      },
      {
        heading: '10. सदस्यों को क्या करना चाहिए',
        paragraphs: [
          'माँगे जाने पर सटीक जानकारी और दस्तावेज़ दें, अपने लॉगिन विवरण सुरक्षित रखें, केवल उन्हीं वॉलेट का उपयोग करें जो आपके नियंत्रण में हैं, और हर ट्रांसफ़र से पहले पता और नेटवर्क जाँच लें।',
          'यदि आपकी परिस्थितियाँ बदलती हैं, आपको अनधिकृत पहुँच का संदेह है, या आपको लगता है कि आप किसी घोटाले का निशाना बने हैं, तो हमें तुरंत बताएँ। दूसरों को इस मार्गदर्शिका का उल्लंघन करते हुए सेवाओं का उपयोग करने के लिए आमंत्रित या प्रोत्साहित न करें।',
        ],
      },
      {
        heading: '11. उल्लंघन के परिणाम',
        paragraphs: [
          'यदि हमें इस मार्गदर्शिका के उल्लंघन का पता चलता है या उसका उचित संदेह होता है, तो हम लेन-देन अस्वीकार कर सकते हैं, पुरस्कार रोक सकते हैं, एसेट फ़्रीज़ कर सकते हैं, आपका खाता निलंबित या बंद कर सकते हैं, और मामले की रिपोर्ट प्राधिकरणों को कर सकते हैं।',
          'कानून या इस मार्गदर्शिका का पालन करने के लिए हमारे द्वारा सद्भावना से उठाए गए कदमों से होने वाली हानि के लिए हम उत्तरदायी नहीं हैं।',
        ],
      },
      {
        heading: '12. चिंता की रिपोर्ट करें',
        paragraphs: [
          'यदि आपको कुछ भी संदिग्ध दिखे, जैसे कोई आपके कोड माँगे, कोई ऐसा साइन-इन हो जिसे आप नहीं पहचानते, या कोई शुल्क लेकर निकासी तेज़ करने की पेशकश करे, तो तुरंत support@kpc.example पर हमसे संपर्क करें।',
          'जितना हो सके उतना विवरण दें, जैसे स्क्रीनशॉट, लिंक और ट्रांज़ैक्शन हैश। हम हर रिपोर्ट को गोपनीय रखते हैं।',
        ],
      },
    ],
  },
  ja: {
    title: 'マネーロンダリング・詐欺防止ガイド',
    updated: '最終更新日：2026年11月20日',
    intro: [
      'KPCは、マネーロンダリング、テロ資金供与、制裁回避、詐欺の防止に取り組んでいます。本ガイドでは、当社が実施する確認、会員の皆さまにお願いすること、そして詐欺から身を守る方法を説明します。',
      '本ガイドは利用規約の一部です。本サービスを利用することで、本ガイドに従うことに同意したものとみなされます。',
    ],
    sections: [
      {
        heading: '1. 当社の取り組み',
        paragraphs: [
          '当社は、金融活動作業部会（FATF）の勧告などの国際基準に沿って、リスクベース・アプローチを採用しています。管理措置の対象は、口座開設、入金、出金、プラン、カード申請、紹介活動に及びます。',
          '当社は、カード発行会社、コンプライアンスサービス提供者、所管当局と協力し、すべての会員にとって安全なプログラムを維持します。',
        ],
      },
      {
        heading: '2. 本人確認（KYC）',
        paragraphs: [
          '当社は、氏名、生年月日、国籍、住所、本人確認書類、セルフィーによる本人確認をお願いすることがあります。提携カードの発行前には必ず本人確認が必要です。また、高額の出金、ノードや株主への申請時、または当社のリスク審査で必要と判断した場合にも求めることがあります。',
          'ご提供いただく情報は、真実かつ完全で、ご本人のものでなければなりません。他人の身分や偽造書類の使用は禁止されています。登録情報は常に最新の状態に保ってください。',
        ],
      },
      {
        heading: '3. 制裁スクリーニング',
        paragraphs: [
          '当社は、国際連合、欧州連合、英国、米国のリストを含む国際的な制裁リストと照合して、会員、ウォレットアドレス、取引をスクリーニングします。',
          'これらのリストに掲載されている個人・団体、または包括的制裁の対象となっている国や地域の居住者には、本サービスを提供しません。制裁対象者やアドレスに関連する資金は凍結され、法律に従って報告されることがあります。',
        ],
      },
      {
        heading: '4. 資金源',
        paragraphs: [
          '入金する資金は合法的なものでなければなりません。当社は、給与明細、事業記録、銀行取引明細書、送金元の取引所やウォレットの記録などにより、資金や資産の出所の説明と証明をお願いすることがあります。',
          '十分な説明が得られない場合、当社は入金の受付を拒否し、出金を保留し、またはアカウントを制限することがあります。',
        ],
      },
      {
        heading: '5. 取引モニタリング',
        paragraphs: [
          '当社は、アカウントの利用状況とオンチェーン取引を監視し、異常なパターンを検知します。例えば、ほかに目立った利用がないまま入金直後に出金する、審査を避けるために金額を分割する、高リスクのアドレスやミキシングサービスとの関連がある、1人が多数のアカウントを管理している、お客様の属性に合わない取引がある、といった場合です。',
          'モニタリングの結果、出金の審査や情報提供のお願いを行うことがあります。審査はお客様の不正を疑っていることを意味するものではなく、プラットフォームの安全を守るための通常の手続きです。',
        ],
      },
      {
        heading: '6. 当局への報告',
        paragraphs: [
          '法律で求められる場合、当社は疑わしい取引や活動を所管の金融情報機関その他の当局に報告し、当局からの適法な要請に対応します。',
          '法律により、報告を行ったことや調査が進行中であることをお客様にお伝えできない場合があります。',
        ],
      },
      {
        heading: '7. 禁止される利用',
        paragraphs: [
          'マネーロンダリング、テロ資金供与、制裁回避、詐欺、脱税、違法な賭博その他の違法行為のため、または犯罪収益の受領のために本サービスを利用してはなりません。',
          '他人のためにアカウントを開設すること、アカウントを貸与または売却すること、紹介報酬を得るために複数または架空のアカウントを作成すること、他人のウォレットやカードを使用すること、当社の承認なく第三者のために行動することは禁止されています。',
        ],
      },
      {
        heading: '8. 詐欺の見分け方',
        paragraphs: [
          'KPCの関係者が、パスワード、メール認証コード、シードフレーズ、秘密鍵を尋ねたり、個人のアドレスへの送金を求めたりすることは決してありません。そのような要求をする者は詐欺師です。',
          'メッセージアプリやSNS上の偽サポートアカウント、元本保証や非常に高い利回りの約束、急いで行動するよう迫る圧力、資金を引き出すために「手数料」や「税金」の支払いを求める要求に注意してください。',
          '公式のアプリアドレスのみを使用し、サインイン前にリンクをよく確認してください。内容を理解できないウォレットのメッセージや取引には決して署名せず、見知らぬ人に勧められたソフトウェアをインストールしないでください。',
        ],
      },
      {
        heading: '9. 記録の保存',
        paragraphs: [
          '当社は、本人確認、取引、やり取りの記録を、取引関係の終了後少なくとも5年間、または法律で定められたそれ以上の期間保存します。これらの記録は、適法な要請に基づき当局に提供されることがあります。',
        ],
      },
      {
        heading: '10. 会員の皆さまにお願いすること',
        paragraphs: [
          '求められた場合は正確な情報と書類を提出し、認証情報を安全に管理し、ご自身が管理するウォレットのみを使用し、送金のたびにアドレスとネットワークを確認してください。',
          '状況に変化があった場合、不正アクセスが疑われる場合、詐欺の標的になったと思われる場合は、速やかにご連絡ください。本ガイドに反する形で本サービスを利用するよう他人を招待したり勧めたりしないでください。',
        ],
      },
      {
        heading: '11. 違反した場合の措置',
        paragraphs: [
          '本ガイドへの違反が判明した場合、または合理的に疑われる場合、当社は取引の拒否、報酬の保留、資産の凍結、アカウントの停止または閉鎖、当局への報告を行うことがあります。',
          '法律または本ガイドを遵守するために当社が誠実に講じた措置によって生じた損失について、当社は責任を負いません。',
        ],
      },
      {
        heading: '12. 不審な点のご報告',
        paragraphs: [
          'コードを尋ねられた、心当たりのないサインインがあった、手数料を払えば出金を早めると持ちかけられたなど、不審な点に気づいた場合は、直ちに support@kpc.example までご連絡ください。',
          'スクリーンショット、リンク、トランザクションハッシュなど、できるだけ詳しい情報を添えてください。すべての報告は秘密として取り扱います。',
        ],
      },
    ],
  },
  ko: {
    title: '자금세탁방지 및 사기방지 가이드',
    updated: '최종 업데이트: 2026년 11월 20일',
    intro: [
      'KPC는 자금세탁, 테러자금조달, 제재 회피 및 사기를 방지하기 위해 노력합니다. 본 가이드는 당사가 실시하는 확인 절차, 회원에게 요구하는 사항, 그리고 사기로부터 자신을 보호하는 방법을 설명합니다.',
      '본 가이드는 이용약관의 일부입니다. 서비스를 이용하면 본 가이드를 준수하는 데 동의하는 것입니다.',
    ],
    sections: [
      {
        heading: '1. 당사의 약속',
        paragraphs: [
          '당사는 자금세탁방지국제기구(FATF) 권고안 등 국제 기준에 따라 위험 기반 접근 방식을 취합니다. 당사의 통제 절차는 계정 개설, 입금, 출금, 플랜, 카드 신청 및 추천 활동에 적용됩니다.',
          '당사는 카드 발급사, 컴플라이언스 서비스 제공업체 및 관계 당국과 협력하여 모든 회원이 안전하게 프로그램을 이용할 수 있도록 합니다.',
        ],
      },
      {
        heading: '2. 고객 확인(KYC)',
        paragraphs: [
          '당사는 성명, 생년월일, 국적, 주소, 신분증 및 셀카를 통해 본인 확인을 요청할 수 있습니다. 제휴 카드 발급 전에는 반드시 본인 확인이 필요하며, 고액 출금, 노드 또는 주주 신청 시나 당사의 위험 심사에서 필요한 경우에도 요청할 수 있습니다.',
          '제공하는 정보는 사실이고 완전하며 본인의 것이어야 합니다. 타인의 신원이나 위조 서류를 사용하는 것은 금지됩니다. 회원 정보를 항상 최신 상태로 유지해 주십시오.',
        ],
      },
      {
        heading: '3. 제재 대상 심사',
        paragraphs: [
          '당사는 국제연합, 유럽연합, 영국 및 미국의 명단을 포함한 국제 제재 명단과 대조하여 회원, 지갑 주소 및 거래를 심사합니다.',
          '당사는 해당 명단에 오른 개인이나 단체, 또는 포괄적 제재 대상 국가 및 지역의 거주자에게 서비스를 제공하지 않습니다. 제재 대상자나 주소와 관련된 자금은 동결될 수 있으며 법률에 따라 보고될 수 있습니다.',
        ],
      },
      {
        heading: '4. 자금 출처',
        paragraphs: [
          '입금 자금은 합법적인 출처에서 나와야 합니다. 당사는 급여 명세서, 사업 기록, 은행 거래 내역서 또는 송금한 거래소나 지갑의 기록 등으로 자금이나 재산의 출처를 설명하고 증빙하도록 요청할 수 있습니다.',
          '충분한 설명을 제공하지 못하는 경우 당사는 입금을 거절하거나 출금을 지연하거나 계정을 제한할 수 있습니다.',
        ],
      },
      {
        heading: '5. 거래 모니터링',
        paragraphs: [
          '당사는 계정 활동과 온체인 거래를 모니터링하여 비정상적인 패턴을 탐지합니다. 예를 들어 다른 활동 없이 입금 직후 출금하는 경우, 심사를 피하기 위해 금액을 쪼개는 경우, 고위험 주소나 믹싱 서비스와 연관된 경우, 한 사람이 여러 계정을 관리하는 경우, 회원님의 프로필과 맞지 않는 활동이 있는 경우입니다.',
          '모니터링 결과에 따라 출금이 검토되거나 정보 제공을 요청받을 수 있습니다. 검토는 회원님의 부정행위를 의심한다는 뜻이 아니라 플랫폼을 안전하게 유지하기 위한 절차입니다.',
        ],
      },
      {
        heading: '6. 당국 보고',
        paragraphs: [
          '법률이 요구하는 경우 당사는 의심스러운 거래와 활동을 관할 금융정보분석기구 또는 기타 당국에 보고하고, 당국의 적법한 요청에 응합니다.',
          '법률에 따라 당사는 보고 사실이나 조사 진행 여부를 회원님께 알려 드리지 못할 수 있습니다.',
        ],
      },
      {
        heading: '7. 금지된 이용',
        paragraphs: [
          '자금세탁, 테러자금조달, 제재 회피, 사기, 탈세, 불법 도박 또는 기타 불법 행위를 위해, 또는 범죄 수익을 수령하기 위해 서비스를 이용해서는 안 됩니다.',
          '타인을 위해 계정을 개설하거나, 계정을 빌려주거나 판매하거나, 추천 보상을 받기 위해 여러 개의 계정이나 허위 계정을 만들거나, 타인의 지갑이나 카드를 사용하거나, 당사의 승인 없이 제3자를 대신하여 행동해서는 안 됩니다.',
        ],
      },
      {
        heading: '8. 사기를 알아보는 방법',
        paragraphs: [
          'KPC의 누구도 회원님의 비밀번호, 이메일 인증 코드, 시드 문구 또는 개인 키를 요구하거나 개인 주소로 자금을 보내라고 요청하지 않습니다. 그렇게 요구하는 사람은 사기꾼입니다.',
          '메신저와 소셜 미디어의 가짜 고객지원 계정, 원금 보장이나 매우 높은 수익의 약속, 서두르라는 압박, 자금을 풀어 주는 대가로 “수수료”나 “세금”을 내라는 요구에 주의하십시오.',
          '공식 앱 주소만 사용하고 로그인하기 전에 링크를 꼼꼼히 확인하십시오. 이해하지 못하는 지갑 메시지나 거래에는 절대 서명하지 말고, 낯선 사람이 권하는 소프트웨어를 설치하지 마십시오.',
        ],
      },
      {
        heading: '9. 기록 보관',
        paragraphs: [
          '당사는 본인 확인, 거래 및 소통 기록을 거래 관계 종료 후 최소 5년간, 또는 법률이 요구하는 경우 그보다 더 오래 보관합니다. 이러한 기록은 적법한 요청이 있을 때 당국에 제공될 수 있습니다.',
        ],
      },
      {
        heading: '10. 회원 준수 사항',
        paragraphs: [
          '요청을 받으면 정확한 정보와 서류를 제공하고, 인증 정보를 안전하게 관리하며, 본인이 관리하는 지갑만 사용하고, 전송할 때마다 주소와 네트워크를 확인하십시오.',
          '신상에 변동이 있거나, 무단 접근이 의심되거나, 사기의 표적이 되었다고 생각되면 즉시 알려 주십시오. 본 가이드를 위반하는 방식으로 서비스를 이용하도록 다른 사람을 초대하거나 권유하지 마십시오.',
        ],
      },
      {
        heading: '11. 위반 시 조치',
        paragraphs: [
          '본 가이드 위반이 확인되거나 합리적으로 의심되는 경우 당사는 거래 거절, 보상 보류, 자산 동결, 계정 정지 또는 해지, 당국 보고 등의 조치를 취할 수 있습니다.',
          '법률 또는 본 가이드를 준수하기 위해 당사가 선의로 취한 조치로 인한 손실에 대해 당사는 책임지지 않습니다.',
        ],
      },
      {
        heading: '12. 의심 사항 신고',
        paragraphs: [
          '누군가 인증 코드를 요구하거나, 본인이 하지 않은 로그인이 있거나, 수수료를 내면 출금을 빨리 처리해 주겠다는 제안을 받는 등 의심스러운 점을 발견하면 즉시 support@kpc.example로 연락해 주십시오.',
          '스크린샷, 링크, 트랜잭션 해시 등 가능한 한 자세한 정보를 함께 보내 주십시오. 모든 신고는 비밀로 처리됩니다.',
        ],
      },
    ],
  },
  ru: {
    title: 'Руководство по противодействию отмыванию денег и мошенничеству',
    updated: 'Последнее обновление: 20 ноября 2026 г.',
    intro: [
      'KPC стремится предотвращать отмывание денег, финансирование терроризма, обход санкций и мошенничество. В этом руководстве описано, какие проверки мы проводим, чего мы ждём от участников и как защитить себя от мошенников.',
      'Руководство является частью Пользовательского соглашения. Пользуясь Услугами, вы соглашаетесь его соблюдать.',
    ],
    sections: [
      {
        heading: '1. Наши обязательства',
        paragraphs: [
          'Мы применяем риск-ориентированный подход в соответствии с международными стандартами, например рекомендациями Группы разработки финансовых мер борьбы с отмыванием денег (ФАТФ). Наши меры контроля охватывают открытие аккаунтов, пополнения, выводы, планы, заявки на карты и реферальную активность.',
          'Мы сотрудничаем с эмитентами карт, поставщиками услуг комплаенса и компетентными органами, чтобы программа оставалась безопасной для каждого участника.',
        ],
      },
      {
        heading: '2. Проверка клиента (KYC)',
        paragraphs: [
          'Мы можем попросить вас подтвердить личность, указав полное имя, дату рождения, гражданство и адрес и предоставив документ, удостоверяющий личность, и селфи. Проверка личности обязательна перед выпуском кобрендовой карты, а также может потребоваться при крупных выводах, заявках на статус узла или акционера или по результатам нашей оценки рисков.',
          'Предоставляемые сведения должны быть достоверными, полными и принадлежать вам. Использование чужих данных или поддельных документов запрещено. Пожалуйста, поддерживайте свои данные в актуальном состоянии.',
        ],
      },
      {
        heading: '3. Санкционный скрининг',
        paragraphs: [
          'Мы проверяем участников, адреса кошельков и операции по международным санкционным спискам, включая списки ООН, Европейского союза, Великобритании и США.',
          'Мы не предоставляем Услуги лицам и организациям из этих списков, а также жителям стран и регионов, в отношении которых действуют всеобъемлющие санкции. Средства, связанные с подсанкционными лицами или адресами, могут быть заморожены, а сведения о них переданы в соответствии с законом.',
        ],
      },
      {
        heading: '4. Источник средств',
        paragraphs: [
          'Ваши пополнения должны поступать из законных источников. Мы можем попросить вас объяснить и подтвердить происхождение средств или состояния, например справками о доходах, документами о предпринимательской деятельности, банковскими выписками или выписками с биржи или кошелька, с которых вы отправили средства.',
          'Если вы не сможете дать удовлетворительное объяснение, мы вправе отклонить пополнение, задержать вывод или ограничить аккаунт.',
        ],
      },
      {
        heading: '5. Мониторинг операций',
        paragraphs: [
          'Мы отслеживаем активность в аккаунтах и транзакции в блокчейне на предмет необычных схем, например: быстрый вывод после пополнения почти без иной активности, дробление сумм для обхода проверок, связь с высокорисковыми адресами или миксерами, множество аккаунтов под контролем одного человека или активность, не соответствующая вашему профилю.',
          'По итогам мониторинга ваш вывод может быть направлен на проверку, или у вас могут запросить информацию. Проверка не означает, что мы подозреваем вас в нарушении; это часть мер по обеспечению безопасности платформы.',
        ],
      },
      {
        heading: '6. Сообщения в уполномоченные органы',
        paragraphs: [
          'Если этого требует закон, мы сообщаем о подозрительных операциях и действиях в компетентное подразделение финансовой разведки или иные органы и отвечаем на их законные запросы.',
          'Закон может запрещать нам сообщать вам о том, что такое сообщение направлено или что ведётся проверка.',
        ],
      },
      {
        heading: '7. Запрещённое использование',
        paragraphs: [
          'Запрещается использовать Услуги для отмывания денег, финансирования терроризма, обхода санкций, мошенничества, уклонения от уплаты налогов, незаконных азартных игр или иной незаконной деятельности, а также для получения доходов от преступлений.',
          'Запрещается открывать аккаунты для других лиц, передавать аккаунт во временное пользование или продавать его, создавать несколько или фиктивные аккаунты ради реферальных вознаграждений, использовать чужой кошелёк или карту, а также действовать от имени третьих лиц без нашего согласия.',
        ],
      },
      {
        heading: '8. Как распознать мошенников',
        paragraphs: [
          'Никто из KPC никогда не попросит ваш пароль, коды подтверждения из почты, сид-фразу или закрытый ключ и не попросит перевести средства на личный адрес. Тот, кто это делает, — мошенник.',
          'Остерегайтесь поддельных аккаунтов «службы поддержки» в мессенджерах и социальных сетях, обещаний гарантированного или очень высокого дохода, давления с требованием действовать срочно и требований заплатить «комиссию» или «налог» за разблокировку средств.',
          'Пользуйтесь только официальным адресом приложения и внимательно проверяйте ссылки перед входом. Никогда не подписывайте в кошельке сообщения или транзакции, которые вам непонятны, и не устанавливайте программы, рекомендованные незнакомцами.',
        ],
      },
      {
        heading: '9. Хранение записей',
        paragraphs: [
          'Мы храним записи о проверках личности, операциях и переписке не менее пяти лет после прекращения деловых отношений или дольше, если этого требует закон. Эти записи могут быть переданы органам власти по их законному запросу.',
        ],
      },
      {
        heading: '10. Что должны делать участники',
        paragraphs: [
          'Предоставляйте достоверные сведения и документы по запросу, храните учётные данные в безопасности, пользуйтесь только кошельками, которые контролируете сами, и проверяйте адрес и сеть перед каждым переводом.',
          'Сразу сообщайте нам, если ваши обстоятельства изменились, если вы подозреваете несанкционированный доступ или считаете, что стали целью мошенников. Не приглашайте и не побуждайте других пользоваться Услугами в нарушение этого руководства.',
        ],
      },
      {
        heading: '11. Последствия нарушений',
        paragraphs: [
          'Если мы выявим нарушение этого руководства или будем обоснованно его подозревать, мы вправе отказать в проведении операций, удержать вознаграждения, заморозить активы, приостановить или закрыть аккаунт и сообщить о ситуации в уполномоченные органы.',
          'Мы не несём ответственности за убытки, вызванные мерами, которые мы добросовестно принимаем для соблюдения закона или этого руководства.',
        ],
      },
      {
        heading: '12. Как сообщить о подозрениях',
        paragraphs: [
          'Если вы заметили что-то подозрительное — например, у вас просят коды, произошёл незнакомый вам вход в аккаунт или кто-то предлагает ускорить вывод за плату, — немедленно напишите нам на support@kpc.example.',
          'Приложите как можно больше подробностей: скриншоты, ссылки и хеши транзакций. Мы рассматриваем каждое обращение конфиденциально.',
        ],
      },
    ],
  },
  vi: {
    title: 'Hướng dẫn phòng chống rửa tiền và gian lận',
    updated: 'Cập nhật lần cuối: ngày 20 tháng 11 năm 2026',
    intro: [
      'KPC cam kết ngăn chặn rửa tiền, tài trợ khủng bố, né tránh lệnh trừng phạt và gian lận. Hướng dẫn này giải thích các bước kiểm tra chúng tôi thực hiện, những điều chúng tôi yêu cầu ở thành viên và cách bạn tự bảo vệ mình khỏi lừa đảo.',
      'Hướng dẫn này là một phần của Thỏa thuận người dùng. Khi sử dụng Dịch vụ, bạn đồng ý tuân thủ hướng dẫn này.',
    ],
    sections: [
      {
        heading: '1. Cam kết của chúng tôi',
        paragraphs: [
          'Chúng tôi áp dụng cách tiếp cận dựa trên rủi ro theo các chuẩn mực quốc tế, chẳng hạn các khuyến nghị của Lực lượng Đặc nhiệm Tài chính (FATF). Các biện pháp kiểm soát của chúng tôi bao gồm mở tài khoản, nạp tiền, rút tiền, các gói đầu tư, đăng ký thẻ và hoạt động giới thiệu.',
          'Chúng tôi hợp tác với các tổ chức phát hành thẻ, nhà cung cấp dịch vụ tuân thủ và cơ quan có thẩm quyền để giữ cho chương trình an toàn với mọi thành viên.',
        ],
      },
      {
        heading: '2. Xác minh khách hàng (KYC)',
        paragraphs: [
          'Chúng tôi có thể yêu cầu bạn xác minh danh tính bằng họ tên đầy đủ, ngày sinh, quốc tịch, địa chỉ, giấy tờ tùy thân và ảnh selfie. Việc xác minh danh tính luôn bắt buộc trước khi phát hành thẻ đồng thương hiệu, và cũng có thể được yêu cầu đối với các lệnh rút lớn, đơn đăng ký node hoặc cổ đông, hoặc khi quy trình đánh giá rủi ro của chúng tôi cần đến.',
          'Thông tin bạn cung cấp phải trung thực, đầy đủ và là của chính bạn. Nghiêm cấm sử dụng danh tính của người khác hoặc giấy tờ giả mạo. Vui lòng luôn cập nhật thông tin của bạn.',
        ],
      },
      {
        heading: '3. Sàng lọc trừng phạt',
        paragraphs: [
          'Chúng tôi đối chiếu thành viên, địa chỉ ví và giao dịch với các danh sách trừng phạt quốc tế, bao gồm danh sách của Liên Hợp Quốc, Liên minh châu Âu, Vương quốc Anh và Hoa Kỳ.',
          'Chúng tôi không cung cấp Dịch vụ cho cá nhân hoặc tổ chức có tên trong các danh sách này, hay cho cư dân của các quốc gia và vùng lãnh thổ chịu lệnh trừng phạt toàn diện. Tiền liên quan đến đối tượng hoặc địa chỉ bị trừng phạt có thể bị phong tỏa và được báo cáo theo quy định của pháp luật.',
        ],
      },
      {
        heading: '4. Nguồn gốc tiền',
        paragraphs: [
          'Tiền nạp của bạn phải có nguồn gốc hợp pháp. Chúng tôi có thể yêu cầu bạn giải thích và chứng minh nguồn gốc tiền hoặc tài sản, ví dụ bằng phiếu lương, hồ sơ kinh doanh, sao kê ngân hàng hoặc lịch sử giao dịch của sàn hay ví mà bạn đã chuyển tiền từ đó.',
          'Nếu bạn không đưa ra được lời giải thích thỏa đáng, chúng tôi có thể từ chối khoản nạp, trì hoãn lệnh rút hoặc hạn chế tài khoản của bạn.',
        ],
      },
      {
        heading: '5. Giám sát giao dịch',
        paragraphs: [
          'Chúng tôi giám sát hoạt động tài khoản và giao dịch trên chuỗi để phát hiện các dấu hiệu bất thường, chẳng hạn rút tiền ngay sau khi nạp mà hầu như không có hoạt động nào khác, chia nhỏ số tiền để né kiểm tra, liên quan đến địa chỉ rủi ro cao hoặc dịch vụ trộn tiền, nhiều tài khoản do một người kiểm soát, hoặc hoạt động không phù hợp với hồ sơ của bạn.',
          'Việc giám sát có thể dẫn đến việc xem xét lệnh rút hoặc yêu cầu bạn cung cấp thông tin. Việc xem xét không có nghĩa là chúng tôi nghi ngờ bạn vi phạm; đó là một phần của việc giữ an toàn cho nền tảng.',
        ],
      },
      {
        heading: '6. Báo cáo cơ quan có thẩm quyền',
        paragraphs: [
          'Khi pháp luật yêu cầu, chúng tôi báo cáo giao dịch và hoạt động đáng ngờ cho đơn vị tình báo tài chính có thẩm quyền hoặc các cơ quan khác, và đáp ứng các yêu cầu hợp pháp của họ.',
          'Pháp luật có thể cấm chúng tôi thông báo cho bạn rằng một báo cáo đã được gửi hoặc một cuộc điều tra đang diễn ra.',
        ],
      },
      {
        heading: '7. Các hành vi bị cấm',
        paragraphs: [
          'Bạn không được sử dụng Dịch vụ để rửa tiền, tài trợ khủng bố, né tránh lệnh trừng phạt, lừa đảo, trốn thuế, đánh bạc bất hợp pháp hoặc bất kỳ hoạt động bất hợp pháp nào khác, hay để nhận tiền do phạm tội mà có.',
          'Bạn không được mở tài khoản cho người khác, cho mượn hoặc bán tài khoản, tạo nhiều tài khoản hay tài khoản giả để nhận thưởng giới thiệu, sử dụng ví hoặc thẻ của người khác, hoặc hành động thay mặt bên thứ ba khi chưa được chúng tôi chấp thuận.',
        ],
      },
      {
        heading: '8. Cách nhận biết lừa đảo',
        paragraphs: [
          'Không ai từ KPC sẽ hỏi mật khẩu, mã xác minh email, cụm từ khôi phục hoặc khóa riêng tư của bạn, hay yêu cầu bạn chuyển tiền vào một địa chỉ cá nhân. Bất kỳ ai làm vậy đều là kẻ lừa đảo.',
          'Hãy cảnh giác với tài khoản hỗ trợ giả mạo trên ứng dụng nhắn tin và mạng xã hội, lời hứa lợi nhuận được bảo đảm hoặc rất cao, áp lực buộc bạn hành động gấp, và yêu cầu trả “phí” hay “thuế” để được giải phóng tiền.',
          'Chỉ sử dụng địa chỉ ứng dụng chính thức và kiểm tra kỹ đường link trước khi đăng nhập. Không bao giờ ký thông điệp hoặc giao dịch ví mà bạn không hiểu, và không cài đặt phần mềm do người lạ giới thiệu.',
        ],
      },
      {
        heading: '9. Lưu giữ hồ sơ',
        paragraphs: [
          'Chúng tôi lưu hồ sơ xác minh danh tính, giao dịch và trao đổi trong ít nhất năm năm sau khi quan hệ giao dịch kết thúc, hoặc lâu hơn nếu pháp luật yêu cầu. Các hồ sơ này có thể được cung cấp cho cơ quan có thẩm quyền khi có yêu cầu hợp pháp.',
        ],
      },
      {
        heading: '10. Trách nhiệm của thành viên',
        paragraphs: [
          'Cung cấp thông tin và tài liệu chính xác khi được yêu cầu, giữ an toàn thông tin đăng nhập, chỉ sử dụng ví do chính bạn kiểm soát, và kiểm tra địa chỉ cùng mạng trước mỗi lần chuyển.',
          'Hãy báo ngay cho chúng tôi nếu hoàn cảnh của bạn thay đổi, nếu bạn nghi ngờ có truy cập trái phép hoặc cho rằng mình đang là mục tiêu của lừa đảo. Không mời hoặc khuyến khích người khác sử dụng Dịch vụ theo cách vi phạm hướng dẫn này.',
        ],
      },
      {
        heading: '11. Hậu quả của vi phạm',
        paragraphs: [
          'Nếu phát hiện hoặc có cơ sở hợp lý để nghi ngờ hành vi vi phạm hướng dẫn này, chúng tôi có thể từ chối giao dịch, tạm giữ phần thưởng, phong tỏa tài sản, tạm ngừng hoặc đóng tài khoản của bạn và báo cáo sự việc cho cơ quan có thẩm quyền.',
          'Chúng tôi không chịu trách nhiệm về tổn thất phát sinh từ các biện pháp mà chúng tôi thực hiện một cách thiện chí để tuân thủ pháp luật hoặc hướng dẫn này.',
        ],
      },
      {
        heading: '12. Báo cáo điều đáng ngờ',
        paragraphs: [
          'Nếu bạn nhận thấy điều gì đáng ngờ, chẳng hạn có người hỏi mã của bạn, có lượt đăng nhập mà bạn không nhận ra, hoặc có người đề nghị rút tiền nhanh hơn nếu trả phí, hãy liên hệ ngay với chúng tôi qua support@kpc.example.',
          'Hãy cung cấp càng nhiều chi tiết càng tốt, chẳng hạn ảnh chụp màn hình, đường link và mã băm giao dịch. Chúng tôi xử lý mọi báo cáo một cách bảo mật.',
        ],
      },
    ],
  },
};
